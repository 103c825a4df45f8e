/** What a page says about itself when none of its own fits (also index.html's first-paint description). */
export const SHOP_DESCRIPTION = 'Whisk: baking supplies for home bakers and bakeries across India'

type PageMetaProps = {
  /** The page's own name; the document title is "<title> · Whisk". */
  title: string
  description?: string
}

/**
 * The document title and description of the page that renders it. React hoists both into <head>
 * and takes them out again when the page goes, so the page on screen always names itself.
 */
export function PageMeta({ title, description = SHOP_DESCRIPTION }: PageMetaProps) {
  return (
    <>
      <title>{`${title} · Whisk`}</title>
      <meta name="description" content={description} />
    </>
  )
}
