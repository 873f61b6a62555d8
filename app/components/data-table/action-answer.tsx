import { Alert, AlertTitle } from "#app/components/ui/alert.tsx";
import type { AnyAnswer } from "#kernel/answers.ts";

/** A page's action data: an answer (a success without a title or message shows nothing), or none. */
export type ActionAnswer = AnyAnswer | null | undefined;

/**
 * The answer of the page's own action, shown on the page: what a form posted without JavaScript sees (with
 * JavaScript, admin forms post through fetchers and their answers are toasts, so the route's `actionData` stays
 * empty and this renders nothing). Pass the route's `actionData`.
 */
export function ActionAnswerNotice({ answer }: { answer: ActionAnswer }) {
  if (!answer?.title && !answer?.message) return null;
  return (
    <Alert variant={answer.ok ? "success" : "destructive"}>
      {answer.title ? <AlertTitle>{answer.title}</AlertTitle> : null}
      {answer.message ? <p>{answer.message}</p> : null}
    </Alert>
  );
}
