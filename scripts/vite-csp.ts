import type { Plugin } from 'vite';

/**
 * The Content-Security-Policy of the built app: everything from its own origin, nothing remote.
 *
 * - script-src 'wasm-unsafe-eval': the Draco and meshopt decoders are WebAssembly; this allows
 *   compiling wasm and nothing else (no eval, no inline script).
 * - style-src 'unsafe-inline': React's `style={…}` props are written through the CSSOM, which a
 *   policy does not block, but inline `style="…"` attributes in markup and the `<style>` elements
 *   that UI libraries insert at runtime (drei's Html, dialogs) are; without it they are dropped.
 *   Styles cannot run code, so this opens no script path.
 * - img-src / connect-src blob: data:: textures and the viewport's GLB are handed to three.js as
 *   blob: URLs, and embedded glTF images and buffers are data: URIs that its loader fetches.
 * - worker-src blob:: bundlers may start workers (auto-bind) from blob: URLs.
 * - object-src 'none', base-uri 'none': no plugins, no <base> tag redirecting relative URLs.
 *
 * frame-ancestors cannot be set from a <meta> tag; set it as a header where the app is hosted.
 */
export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'blob:', 'data:'],
  'connect-src': ["'self'", 'blob:', 'data:'],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
};

/** The policy as one header value: `default-src 'self'; script-src …`. */
export function contentSecurityPolicy(
  directives: Readonly<Record<string, readonly string[]>> = CSP_DIRECTIVES,
): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

export interface CspPluginOptions {
  /** Directives to use instead of CSP_DIRECTIVES. */
  directives?: Readonly<Record<string, readonly string[]>>;
}

export const CSP_PLUGIN_DEFAULTS: Required<CspPluginOptions> = { directives: CSP_DIRECTIVES };

/**
 * A Vite plugin that puts the policy in a `<meta http-equiv="Content-Security-Policy">` at the top
 * of the built index.html, before any script. Build only: the dev server injects an inline
 * script for React Fast Refresh, which the policy would rightly block.
 */
export function cspPlugin(options: CspPluginOptions = {}): Plugin {
  const { directives } = { ...CSP_PLUGIN_DEFAULTS, ...options };
  return {
    name: 'skinsmith-csp',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy(directives) },
          injectTo: 'head-prepend',
        },
      ],
    },
  };
}
