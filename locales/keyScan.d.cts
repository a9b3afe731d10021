export declare const KEY_USAGE: RegExp;
export declare const TERNARY_KEY_USAGE: RegExp;
export declare const DYNAMIC_KEY: RegExp;
/** The message keys a source text names. */
export declare function keysIn(text: string): string[];
/** Product sources under `dir`: .ts/.tsx files without tests, declarations, node_modules, dist, __tests__. */
export declare function productSources(dir: string): string[];
/** Every key the product sources under `dirs` name. */
export declare function keysUsedIn(dirs: readonly string[]): Set<string>;
