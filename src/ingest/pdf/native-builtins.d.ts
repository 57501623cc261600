// Types of native-builtins.js (plain JavaScript: the entry points load it before tsx).

/** Puts the engine's own push/JSON functions back if pdf.js replaced them; cheap to call often. */
export function restoreNativeBuiltins(): void;
