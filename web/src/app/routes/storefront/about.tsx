import { PageMeta } from '@/components/page-meta'

export function AboutPage() {
  return (
    <section className="max-w-2xl space-y-4">
      <PageMeta
        title="About"
        description="Whisk sells baking supplies to home bakers and bakeries: quality products, reliable service and affordable prices."
      />
      <h1 className="text-4xl">About Whisk</h1>
      <p className="text-lg">
        Welcome to Whisk, the baking supplies shop for home bakers and professional bakeries.
      </p>
      <p className="text-muted-foreground">
        Our goal is simple: quality products, reliable service and affordable prices. From everyday flours to cake
        toppers and candles for the big day, we stock what you need to bake with confidence.
      </p>
    </section>
  )
}
