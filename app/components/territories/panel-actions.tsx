import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { BellPlus, MessageCircleQuestionMark } from "#app/components/ui/icons.tsx";
import type { CardAction } from "#kernel/territory-status.ts";
import { ACTION_LABELS, ASK_A_QUESTION, askQuestionHref } from "./card-actions.ts";
import { preloadExplorerDialog } from "./explorer-dialogs.tsx";

/** Start loading the dialog's code when the visitor points at or focuses its button: the first open is quick. */
const preload = (type: "reserve" | "waitlist") => ({
  onPointerEnter: () => preloadExplorerDialog(type),
  onFocus: () => preloadExplorerDialog(type),
});

/**
 * The detail panel's action: 'Select Category & Reserve'; 'Join Waitlist' with an 'Ask a question' link; or a
 * disabled 'Inquire'.
 */
export function PanelActions({
  action,
  territoryName,
  onAction,
}: {
  action: CardAction;
  territoryName: string;
  onAction: () => void;
}) {
  return (
    <div className="mt-auto grid gap-2 pt-6">
      {action === "reserve" ? (
        <Button type="button" variant="gold" size="lg" className="w-full" onClick={onAction} {...preload("reserve")}>
          {ACTION_LABELS.reserve}
        </Button>
      ) : action === "waitlist" ? (
        <>
          <Button type="button" size="lg" className="w-full" onClick={onAction} {...preload("waitlist")}>
            <BellPlus aria-hidden="true" />
            {ACTION_LABELS.waitlist}
          </Button>
          <Button asChild variant="outline" size="lg" className="w-full">
            <Link to={askQuestionHref(territoryName)}>
              <MessageCircleQuestionMark aria-hidden="true" />
              {ASK_A_QUESTION}
            </Link>
          </Button>
        </>
      ) : (
        <Button type="button" variant="outline" size="lg" className="w-full" disabled>
          {ACTION_LABELS.inquire}
        </Button>
      )}
    </div>
  );
}
