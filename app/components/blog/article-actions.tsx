import { Button } from "#app/components/ui/button.tsx";
import { Link2, Printer } from "#app/components/ui/icons.tsx";
import { toast } from "#app/components/ui/toast.ts";
import { BLOG_TEXT } from "#kernel/content.ts";

/**
 * Share copies the article's address with the Clipboard API (a toast says whether it worked); Print opens the
 * browser's print dialog, and the print stylesheet leaves only the article. Neither is printed.
 */
export function ArticleActions({ url }: { url: string }) {
  async function share() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("The Clipboard API is not available.");
      await navigator.clipboard.writeText(url);
      toast.success(BLOG_TEXT.copied, { description: BLOG_TEXT.copiedDetail });
    } catch {
      toast.error(BLOG_TEXT.copyFailed);
    }
  }
  return (
    <div data-print="hide" className="flex flex-wrap gap-2">
      <Button type="button" variant="outline-light" onClick={share}>
        <Link2 aria-hidden="true" />
        {BLOG_TEXT.share}
      </Button>
      <Button type="button" variant="outline-light" onClick={() => window.print()}>
        <Printer aria-hidden="true" />
        {BLOG_TEXT.print}
      </Button>
    </div>
  );
}
