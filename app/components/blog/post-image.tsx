import { cn } from "#app/lib/utils.ts";
import { COVER_HEIGHT, COVER_WIDTH, postCoverDataUrl } from "./post-cover.ts";

export type PostImageProps = {
  slug: string;
  title: string;
  imageUrl: string | null;
  /**
   * Above the fold (the post's own cover, the first card of the blog list): load at once, ahead of other images.
   * Other pictures load lazily, except generated covers: they are data URLs, already in the page, so deferring them
   * saves no request and only makes them appear later.
   */
  priority?: boolean;
  className?: string;
};

/**
 * A post's picture: its own image when it has one, otherwise its generated cover. Always an <img> with alt text
 * and a 16:9 intrinsic size, so the layout never jumps while it loads.
 */
export function PostImage({ slug, title, imageUrl, priority = false, className }: PostImageProps) {
  const eager = priority || !imageUrl;
  return (
    <img
      src={imageUrl ?? postCoverDataUrl(slug)}
      alt={imageUrl ? title : `Cover illustration for “${title}”`}
      width={COVER_WIDTH}
      height={COVER_HEIGHT}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : undefined}
      className={cn("size-full object-cover", className)}
    />
  );
}
