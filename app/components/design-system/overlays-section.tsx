import { Field } from "#app/components/forms/field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "#app/components/ui/dialog.tsx";
import { Check } from "#app/components/ui/icons.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { toast } from "#app/components/ui/toast.ts";
import { ShowcaseSection } from "./showcase-section.tsx";

export function OverlaysSection() {
  return (
    <ShowcaseSection
      id="overlays"
      title="Dialog and toast"
      description="Dialogs trap focus and close with Escape. One toast at a time."
    >
      <div className="flex flex-wrap gap-3">
        <Dialog>
          <DialogTrigger asChild>
            <Button>Open dialog</Button>
          </DialogTrigger>
          <DialogContent className="max-w-md">
            <DialogHeader>
              <DialogTitle>Reserve #4LAW in Texas, East</DialogTitle>
              <DialogDescription>
                We hold the territory for you while our team prepares your license agreement.
              </DialogDescription>
            </DialogHeader>
            <Field id="dialog-email" label="Business email">
              {(control) => <Input {...control} name="dialog-email" type="email" placeholder="you@firm.com" />}
            </Field>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <DialogClose asChild>
                <Button variant="gold">
                  <Check aria-hidden="true" />
                  Reserve
                </Button>
              </DialogClose>
            </DialogFooter>
          </DialogContent>
        </Dialog>
        <Button
          variant="outline"
          onClick={() =>
            toast.success("Reservation received", {
              description: "We will contact you within one business day.",
            })
          }
        >
          Show success toast
        </Button>
        <Button
          variant="outline"
          onClick={() => toast.error("Payment failed", { description: "Your card was declined. No charge was made." })}
        >
          Show error toast
        </Button>
      </div>
    </ShowcaseSection>
  );
}
