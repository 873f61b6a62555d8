import { Bell, Check, Download, Plus, Trash2 } from "lucide-react";
import type * as React from "react";
import { toast } from "sonner";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Badge, type BadgeVariant } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Checkbox } from "#app/components/ui/checkbox.tsx";
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
import { Field } from "#app/components/ui/field.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Select } from "#app/components/ui/select.tsx";
import { Separator } from "#app/components/ui/separator.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "#app/components/ui/table.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import type { Route } from "./+types/theme-showcase";

export const meta: Route.MetaFunction = () => [
  { title: "Design System · PoundCodes" },
  { name: "description", content: "Colours, type, components and states of the PoundCodes interface." },
];

const NAVY = ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950"] as const;
const GOLD = ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900"] as const;

// Literal class names so Tailwind generates them.
const NAVY_BG: Record<(typeof NAVY)[number], string> = {
  "50": "bg-navy-50",
  "100": "bg-navy-100",
  "200": "bg-navy-200",
  "300": "bg-navy-300",
  "400": "bg-navy-400",
  "500": "bg-navy-500",
  "600": "bg-navy-600",
  "700": "bg-navy-700",
  "800": "bg-navy-800",
  "900": "bg-navy-900",
  "950": "bg-navy-950",
};
const GOLD_BG: Record<(typeof GOLD)[number], string> = {
  "50": "bg-gold-50",
  "100": "bg-gold-100",
  "200": "bg-gold-200",
  "300": "bg-gold-300",
  "400": "bg-gold-400",
  "500": "bg-gold-500",
  "600": "bg-gold-600",
  "700": "bg-gold-700",
  "800": "bg-gold-800",
  "900": "bg-gold-900",
};

const SEMANTIC = [
  { name: "background", className: "bg-background" },
  { name: "foreground", className: "bg-foreground" },
  { name: "card", className: "bg-card" },
  { name: "muted", className: "bg-muted" },
  { name: "border", className: "bg-border" },
  { name: "primary", className: "bg-primary" },
  { name: "accent", className: "bg-accent" },
  { name: "ring", className: "bg-ring" },
  { name: "destructive", className: "bg-destructive" },
] as const;

const TERRITORY_STATUSES: { variant: BadgeVariant; label: string }[] = [
  { variant: "available", label: "Available" },
  { variant: "partial", label: "Partially Licensed" },
  { variant: "negotiations", label: "In Negotiations" },
  { variant: "licensed", label: "Fully Licensed" },
];

const TICKET_STATUSES: { variant: BadgeVariant; label: string }[] = [
  { variant: "open", label: "Open" },
  { variant: "pending_admin", label: "Pending Admin" },
  { variant: "pending_user", label: "Pending User" },
  { variant: "resolved", label: "Resolved" },
  { variant: "closed", label: "Closed" },
];

const TYPE_SCALE = [
  { name: "Display", className: "text-5xl font-bold tracking-tight", sample: "Own the #Code" },
  { name: "H1", className: "text-4xl font-bold tracking-tight", sample: "Licensing by territory" },
  { name: "H2", className: "text-3xl font-bold tracking-tight", sample: "Browse available numbers" },
  { name: "H3", className: "text-xl font-semibold tracking-tight", sample: "California, Southern portion" },
  { name: "Body large", className: "text-lg leading-relaxed", sample: "Customers dial #4LAW from any mobile phone." },
  {
    name: "Body",
    className: "text-base leading-relaxed",
    sample: "Each licence covers one territory and one category.",
  },
  { name: "Small", className: "text-sm text-muted-foreground", sample: "Monday to Friday, 9:00 AM to 6:00 PM EST" },
  {
    name: "Eyebrow",
    className: "text-xs font-semibold tracking-[0.18em] text-accent-text uppercase",
    sample: "Why #Codes",
  },
] as const;

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="scroll-mt-24 py-12 first:pt-0">
      <div className="mb-7">
        <h2 id={id} className="text-2xl font-bold tracking-tight">
          {title}
        </h2>
        {description ? <p className="mt-1.5 text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

function Swatch({ className, name, dark }: { className: string; name: string; dark?: boolean }) {
  return (
    <div className="flex flex-col gap-2">
      <div className={`h-14 rounded-lg ring-1 ring-black/5 ring-inset dark:ring-white/10 ${className}`} />
      <span className={`text-xs font-medium ${dark ? "text-foreground" : "text-muted-foreground"}`}>{name}</span>
    </div>
  );
}

const NAV = [
  ["colours", "Colours"],
  ["typography", "Typography"],
  ["buttons", "Buttons"],
  ["forms", "Forms"],
  ["badges", "Badges"],
  ["cards", "Cards"],
  ["overlays", "Dialog & toast"],
  ["table", "Table"],
  ["alerts", "Alerts"],
] as const;

export default function ThemeShowcase() {
  return (
    <>
      <PageHeader
        title="Design System"
        subtitle="The colours, type and components that make up PoundCodes, in the current theme. Switch themes from the header to compare."
      >
        <nav aria-label="Design system sections">
          <ul className="flex flex-wrap gap-2">
            {NAV.map(([id, label]) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="inline-flex rounded-full border border-white/15 px-3.5 py-1.5 text-sm text-navy-100 transition-colors hover:border-gold-300/60 hover:text-white"
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHeader>

      <div className="mx-auto max-w-7xl divide-y divide-border px-4 py-14 sm:px-6 lg:px-8 lg:py-20">
        <Section id="colours" title="Colours" description="Deep navy and white, with gold for emphasis and focus.">
          <div className="grid gap-8">
            <div>
              <h3 className="mb-3 text-sm font-semibold">Navy</h3>
              <div className="grid grid-cols-4 gap-3 sm:grid-cols-6 lg:grid-cols-11">
                {NAVY.map((step) => (
                  <Swatch key={step} className={NAVY_BG[step]} name={`navy-${step}`} />
                ))}
              </div>
            </div>
            <div>
              <h3 className="mb-3 text-sm font-semibold">Gold</h3>
              <div className="grid grid-cols-4 gap-3 sm:grid-cols-5 lg:grid-cols-10">
                {GOLD.map((step) => (
                  <Swatch key={step} className={GOLD_BG[step]} name={`gold-${step}`} />
                ))}
              </div>
            </div>
            <div>
              <h3 className="mb-3 text-sm font-semibold">Semantic tokens (follow the theme)</h3>
              <div className="grid grid-cols-3 gap-3 sm:grid-cols-5 lg:grid-cols-9">
                {SEMANTIC.map((token) => (
                  <Swatch key={token.name} className={token.className} name={token.name} dark />
                ))}
              </div>
            </div>
            <div>
              <h3 className="mb-3 text-sm font-semibold">Status colours</h3>
              <div className="flex flex-wrap gap-2">
                {[...TERRITORY_STATUSES, ...TICKET_STATUSES].map((status) => (
                  <Badge key={status.variant} variant={status.variant}>
                    {status.label}
                  </Badge>
                ))}
              </div>
            </div>
          </div>
        </Section>

        <Section id="typography" title="Typography" description="One sans-serif family, one scale.">
          <dl className="grid gap-5">
            {TYPE_SCALE.map((row) => (
              <div key={row.name} className="grid items-baseline gap-1 sm:grid-cols-[9rem_1fr] sm:gap-6">
                <dt className="text-xs font-medium text-muted-foreground">{row.name}</dt>
                <dd className={`${row.className} min-w-0 break-words`}>{row.sample}</dd>
              </div>
            ))}
          </dl>
        </Section>

        <Section
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
        </Section>

        <Section id="forms" title="Forms" description="Labels above controls, hints and errors linked to them.">
          <form className="grid max-w-3xl gap-6 sm:grid-cols-2" noValidate onSubmit={(event) => event.preventDefault()}>
            <Field label="Full name" name="showcase-name" placeholder="Jordan Avery" autoComplete="off" />
            <Field
              label="Email"
              name="showcase-email"
              type="email"
              defaultValue="jordan@example"
              error="Please enter a valid email address."
              required
            />
            <Field label="Category" name="showcase-category" hint="Choose the category you want to license.">
              <Select defaultValue="law">
                <option value="law">#4LAW · Legal services</option>
                <option value="help">#HELP · Home services</option>
                <option value="ssdi">#SSDI · Disability benefits</option>
              </Select>
            </Field>
            <Field
              label="Phone"
              name="showcase-phone"
              type="tel"
              placeholder="(555) 555-0123"
              disabled
              labelAside="Disabled"
            />
            <Field label="Message" name="showcase-message" className="sm:col-span-2" labelAside="Optional">
              <Textarea placeholder="Tell us about your campaign" />
            </Field>
            <div className="flex items-center gap-3 sm:col-span-2">
              <Checkbox id="showcase-terms" defaultChecked />
              <Label htmlFor="showcase-terms">I agree to the Terms &amp; Conditions</Label>
            </div>
          </form>
        </Section>

        <Section id="badges" title="Badges">
          <div className="grid gap-4">
            <div className="flex flex-wrap gap-2">
              <Badge>Default</Badge>
              <Badge variant="gold">Featured</Badge>
              <Badge variant="secondary">Secondary</Badge>
              <Badge variant="outline">Outline</Badge>
              <Badge variant="destructive">Destructive</Badge>
            </div>
            <div className="flex flex-wrap gap-2">
              {TERRITORY_STATUSES.map((status) => (
                <Badge key={status.variant} variant={status.variant}>
                  {status.label}
                </Badge>
              ))}
            </div>
            <div className="flex flex-wrap gap-2">
              {TICKET_STATUSES.map((status) => (
                <Badge key={status.variant} variant={status.variant}>
                  {status.label}
                </Badge>
              ))}
            </div>
          </div>
        </Section>

        <Section id="cards" title="Cards">
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            <Card>
              <CardHeader>
                <div className="flex items-center justify-between gap-3">
                  <CardTitle>#4LAW · Texas, East</CardTitle>
                  <Badge variant="available">Available</Badge>
                </div>
                <CardDescription>Legal services, population 8.2 million.</CardDescription>
              </CardHeader>
              <CardContent>
                <p className="text-3xl font-bold tracking-tight">
                  $1,250.00<span className="text-base font-medium text-muted-foreground"> / month</span>
                </p>
              </CardContent>
              <CardFooter>
                <Button variant="gold" className="w-full">
                  Reserve territory
                </Button>
              </CardFooter>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Wallet balance</CardTitle>
                <CardDescription>Usage is billed from your prepaid balance.</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-2 text-sm">
                <div className="flex justify-between">
                  <span className="text-muted-foreground">Available</span>
                  <span className="font-semibold">$482.50</span>
                </div>
                <Separator />
                <div className="flex justify-between">
                  <span className="text-muted-foreground">Per minute</span>
                  <span>$0.05</span>
                </div>
                <div className="flex justify-between">
                  <span className="text-muted-foreground">Per SMS</span>
                  <span>$0.02</span>
                </div>
              </CardContent>
              <CardFooter>
                <Button variant="outline" className="w-full">
                  <Download aria-hidden="true" />
                  Download statement
                </Button>
              </CardFooter>
            </Card>
            <Card aria-busy="true">
              <CardHeader>
                <CardTitle>Loading state</CardTitle>
                <CardDescription>Skeletons hold the layout while data loads.</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-3">
                <Skeleton className="h-5 w-2/3" />
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-4 w-5/6" />
                <Skeleton className="mt-2 h-10 w-full" />
              </CardContent>
            </Card>
          </div>
        </Section>

        <Section
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
                    We hold the territory for you while our team prepares your licence agreement.
                  </DialogDescription>
                </DialogHeader>
                <Field label="Business email" name="dialog-email" type="email" placeholder="you@firm.com" />
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
              onClick={() =>
                toast.error("Payment failed", { description: "Your card was declined. No charge was made." })
              }
            >
              Show error toast
            </Button>
          </div>
        </Section>

        <Section id="table" title="Table">
          <Table label="Active licences">
            <TableCaption>Active licences</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>#Code</TableHead>
                <TableHead>Territory</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Monthly fee</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              <TableRow>
                <TableCell className="font-semibold">#4LAW</TableCell>
                <TableCell>California, Southern</TableCell>
                <TableCell>
                  <Badge variant="licensed">Fully Licensed</Badge>
                </TableCell>
                <TableCell className="text-right tabular-nums">$2,400.00</TableCell>
              </TableRow>
              <TableRow>
                <TableCell className="font-semibold">#HELP</TableCell>
                <TableCell>Florida, Central</TableCell>
                <TableCell>
                  <Badge variant="negotiations">In Negotiations</Badge>
                </TableCell>
                <TableCell className="text-right tabular-nums">$1,180.00</TableCell>
              </TableRow>
              <TableRow>
                <TableCell className="font-semibold">#SSDI</TableCell>
                <TableCell>Ohio</TableCell>
                <TableCell>
                  <Badge variant="available">Available</Badge>
                </TableCell>
                <TableCell className="text-right tabular-nums">$960.00</TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </Section>

        <Section id="alerts" title="Alerts">
          <div className="grid max-w-3xl gap-4">
            <Alert variant="info">
              <AlertTitle>Territory on hold</AlertTitle>
              <AlertDescription>Your reservation is held for five business days.</AlertDescription>
            </Alert>
            <Alert variant="success">
              <AlertTitle>Payment received</AlertTitle>
              <AlertDescription>$250.00 was added to your wallet.</AlertDescription>
            </Alert>
            <Alert variant="warning">
              <AlertTitle>Low balance</AlertTitle>
              <AlertDescription>Top up your wallet to keep call tracking active.</AlertDescription>
            </Alert>
            <Alert variant="destructive">
              <AlertTitle>Card declined</AlertTitle>
              <AlertDescription>Please use another card or contact your bank.</AlertDescription>
            </Alert>
          </div>
        </Section>
      </div>
    </>
  );
}
