import { PageHeader } from "#app/components/layout/page-header.tsx";
import {
  AudioLines,
  BarChart3,
  CalendarClock,
  Ear,
  MessageSquareText,
  Mic,
  PhoneForwarded,
  Smartphone,
  Users,
  Voicemail,
} from "#app/components/ui/icons.tsx";
import { formatCents } from "#kernel/format.ts";
import { USAGE_BASE_RATES_CENTS } from "#kernel/pricing-rates.ts";
import { CheckList } from "./check-list";
import { CtaBand } from "./cta-band";
import { type Feature, FeatureGrid } from "./feature-grid";
import { MarketingBody, MarketingSection } from "./section";

const CALL_HANDLING: readonly Feature[] = [
  {
    title: "Auto attendant",
    body: "A professional greeting and a menu that sends callers to intake, billing or a named person in one keypress.",
    Icon: AudioLines,
  },
  {
    title: "Business-hours routing",
    body: "Different routes for office hours, evenings, weekends and holidays, switched automatically on your schedule.",
    Icon: CalendarClock,
  },
  {
    title: "Ring groups",
    body: "Ring a team at once or in turn, so the first free person answers and no call waits for one desk.",
    Icon: Users,
  },
  {
    title: "Find me, follow me",
    body: "Calls follow you from the office to your mobile phone, with the caller never knowing the difference.",
    Icon: Smartphone,
  },
  {
    title: "Call whisper",
    body: "Hear which #Code or vanity number the caller dialed before you are connected, and answer accordingly.",
    Icon: Ear,
  },
  {
    title: "Call forwarding",
    body: "Send calls to any phone, office or call center, and change the destination from your dashboard in seconds.",
    Icon: PhoneForwarded,
  },
];

const RECORDS: readonly Feature[] = [
  {
    title: "Voicemail to email",
    body: "Messages delivered to your inbox as audio with a written transcript, ready to forward to the right person.",
    Icon: Voicemail,
  },
  {
    title: "Business texting",
    body: "Send and receive text messages on your licensed number, with every conversation kept in one place.",
    Icon: MessageSquareText,
  },
  {
    title: "Call recording",
    body: "Record calls for training and quality, with announcements that help you meet consent rules where you operate.",
    Icon: Mic,
  },
  {
    title: "Call analytics",
    body: "Every call's time, duration, caller location and outcome in your analytics portal, by number and by campaign.",
    Icon: BarChart3,
  },
];

const MANAGED = [
  "Set up for you by our customer success team when your license starts",
  "Greetings, menus and schedules changed on request through a support ticket",
  "No hardware to buy: works with the phones and mobiles you already have",
  "As many extensions and ring groups as your team needs",
];

export function PbxPage() {
  return (
    <>
      <PageHeader
        title="Virtual PBX Features"
        subtitle="A complete business phone system in the cloud behind every #Code and vanity number: answer, route and measure every call without new hardware."
      />
      <MarketingBody>
        <MarketingSection
          id="call-handling"
          eyebrow="Call handling"
          title="Every call answered the right way"
          description="Route callers by time, team and need, so the business that earned the call is the one that answers it."
        >
          <FeatureGrid items={CALL_HANDLING} />
        </MarketingSection>

        <MarketingSection
          id="messages-and-records"
          tone="subtle"
          eyebrow="Messages and records"
          title="Nothing lost, everything measured"
          description="Voicemail, texts, recordings and analytics in one place, tied to the number that produced them."
        >
          <FeatureGrid items={RECORDS} columns={4} />
        </MarketingSection>

        <MarketingSection id="managed" eyebrow="Managed for you" title="A phone system you never have to run">
          <div className="grid gap-8 lg:grid-cols-12 lg:gap-12">
            <CheckList items={MANAGED} className="lg:col-span-7" />
            <aside
              aria-labelledby="pbx-pricing-title"
              className="h-fit rounded-2xl bg-navy-950 p-6 text-white ring-1 ring-navy-800 sm:p-7 lg:col-span-5"
            >
              <h3 id="pbx-pricing-title" className="text-lg font-semibold tracking-tight">
                Included with every license
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-navy-200">
                PBX features cost nothing extra. Calls and texts are drawn from your prepaid wallet at{" "}
                <span className="font-semibold text-gold-300">{formatCents(USAGE_BASE_RATES_CENTS.perMinute)}</span> a
                minute and{" "}
                <span className="font-semibold text-gold-300">{formatCents(USAGE_BASE_RATES_CENTS.perSms)}</span> an
                SMS, before your territory's multipliers.
              </p>
            </aside>
          </div>
        </MarketingSection>

        <CtaBand
          id="pbx-contact"
          eyebrow="Get set up"
          title="Design your call flow with us"
          body="Tell us how your team answers today. We will map your greetings, routes and schedules and have them live with your license."
          primary={{ to: "/contact", label: "Contact Us" }}
          secondary={{ to: "/products-services#marketing-tools", label: "Marketing Tools" }}
        />
      </MarketingBody>
    </>
  );
}
