/** An honest stand-in for a screen that is not built yet: its heading and one line saying so. */
export function PendingPage({ title }: { title: string }) {
  return (
    <section className="space-y-2">
      <h1 className="text-3xl">{title}</h1>
      <p className="text-muted-foreground">This section is being set up.</p>
    </section>
  )
}
