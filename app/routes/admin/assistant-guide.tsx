/**
 * /admin/assistant-guide (spec 2 §2: a static tips page): how to do the day-to-day tasks of running PoundCodes,
 * one section per task, each with its steps and a link to the screen where it is done. Static: the admin layout's
 * guard is the only server work.
 */

import { GUIDE_SECTIONS } from "#app/components/assistant-guide/guide.ts";
import { GuideContents, GuideSectionCard } from "#app/components/assistant-guide/guide-page.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import type { Route } from "./+types/assistant-guide";

export const meta: Route.MetaFunction = () => [
  { title: "Assistant Guide · Admin · PoundCodes" },
  { name: "robots", content: "noindex" },
];

export default function AssistantGuide() {
  return (
    <>
      <PageHeader
        title="Assistant Guide"
        subtitle="How to handle the everyday work of PoundCodes, step by step: reservations, prices, posts, newsletters, site text and support."
      />
      <div
        data-testid="assistant-guide"
        className="mx-auto grid w-full max-w-7xl gap-8 px-4 pb-24 sm:px-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:px-8"
      >
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <GuideContents sections={GUIDE_SECTIONS} />
        </aside>
        <div className="grid min-w-0 gap-6">
          {GUIDE_SECTIONS.map((section, i) => (
            <GuideSectionCard key={section.id} section={section} index={i} />
          ))}
        </div>
      </div>
    </>
  );
}
