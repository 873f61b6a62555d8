import type { ReactNode } from "react";
import { Link } from "react-router";
import { FormErrors } from "#app/components/forms/text-field.tsx";
import { PageHeader } from "#app/components/layout/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { CheckCircle2 } from "#app/components/ui/icons.tsx";
import { NewsletterSignup } from "./newsletter-signup.tsx";

/**
 * The frame of the pages the newsletter emails link to (confirm, unsubscribe): a header, then a card that shows
 * either the outcome, a refusal, or the form whose button does the change (opening the link changes nothing).
 */
export function NewsletterLinkPage({
  title,
  subtitle,
  done,
  error,
  signUpAgain = false,
  children,
}: {
  title: string;
  subtitle: string;
  done: { title: string; message: string } | null;
  error: string | null;
  /** Offer the sign-up form under a refusal (an expired confirmation link). */
  signUpAgain?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <div className="mx-auto w-full max-w-xl px-4 pb-24 sm:px-6">
        <Card>
          <CardContent className="grid gap-5">
            {done ? (
              <div role="status" className="grid gap-3">
                <p className="flex items-center gap-2 text-lg font-semibold">
                  <CheckCircle2 aria-hidden="true" className="size-5 text-success" />
                  {done.title}
                </p>
                <p className="leading-relaxed text-muted-foreground">{done.message}</p>
                <Button asChild variant="outline" className="justify-self-start">
                  <Link to="/">Back to the home page</Link>
                </Button>
              </div>
            ) : error ? (
              <div className="grid gap-4">
                <FormErrors errors={[error]} />
                {signUpAgain ? (
                  <div className="rounded-xl bg-navy-950 p-5 ring-1 ring-white/10 sm:p-6">
                    <NewsletterSignup id="newsletter-signup" />
                  </div>
                ) : (
                  <Button asChild variant="outline" className="justify-self-start">
                    <Link to="/">Back to the home page</Link>
                  </Button>
                )}
              </div>
            ) : (
              children
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
