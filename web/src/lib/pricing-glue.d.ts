// Types for the JS glue wasm-bindgen writes beside the wasm (its `--target bundler` output has
// none of its own): the same functions as the package's entry, plus the hook that hands it the
// started wasm. lib/pricing.ts instantiates the wasm on it itself, so a failed download can be
// tried again.
declare module '@/wasm/pkg/pricing_bg.js' {
  export * from '@/wasm/pkg/pricing'
  export function __wbg_set_wasm(exports: WebAssembly.Exports): void
}
