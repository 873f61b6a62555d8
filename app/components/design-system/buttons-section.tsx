import { Button } from "#app/components/ui/button.tsx";
import { Bell, Plus, Trash2 } from "#app/components/ui/icons.tsx";
import { ShowcaseSection } from "./showcase-section.tsx";

export function ButtonsSection() {
  return (
    <ShowcaseSection
      id="buttons"
      title="Buttons"
      description="Navy for the main action, gold for the one that matters most."
    >
      <div className="grid gap-6">
        <div className="flex flex-wrap items-center gap-3">
          <Button>Default</Button>
          <Button variant="gold">Gold</Button>
          <Button variant="outline">Outline</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="ghost">Ghost</Button>
          <Button variant="destructive">
            <Trash2 aria-hidden="true" />
            Destructive
          </Button>
          <Button variant="link">Link</Button>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button size="sm">Small</Button>
          <Button>Default</Button>
          <Button size="lg">Large</Button>
          <Button size="xl" variant="gold">
            Extra large
          </Button>
          <Button size="icon" variant="outline" aria-label="Add">
            <Plus aria-hidden="true" />
          </Button>
          <Button size="icon-sm" variant="ghost" aria-label="Notifications">
            <Bell aria-hidden="true" />
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button disabled>Disabled</Button>
          <Button variant="gold" disabled>
            Disabled gold
          </Button>
          <Button variant="outline" disabled>
            Disabled outline
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-3 rounded-xl bg-navy-950 p-5">
          <Button variant="gold">On navy</Button>
          <Button variant="outline-light">Outline light</Button>
          <Button variant="ghost-light">Ghost light</Button>
        </div>
      </div>
    </ShowcaseSection>
  );
}
