// Types of chromium.mjs (plain JavaScript so plain Node can run the scripts that use it).

/** The flags every browser test and bench launches Chromium with (see chromium.mjs). */
export declare const CHROMIUM_FLAGS: readonly string[];

/** CHROME_PATH, else Debian's /usr/bin/chromium (installed when missing and allowed). */
export declare function findChromium(): string;
