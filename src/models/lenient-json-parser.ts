/** Nesting deeper than this is refused (keeps the recursive parser far from the stack limit). */
const maxDepth = 200;

/**
 * Thrown for input that cannot be repaired. `truncated` when the input ended inside a value; `final`
 * when the failed candidate was clearly the answer (it had members, or was truncated or too deep), so
 * no later candidate may stand in for it.
 */
export class LooseJsonError extends Error {
  constructor(
    message: string,
    readonly position: number,
    readonly truncated: boolean,
    readonly final: boolean,
  ) {
    super(message);
    this.name = 'LooseJsonError';
  }
}

/** Opening quote → the characters that may close it (models mix straight and typographic quotes). */
const closingQuotes: Record<string, string> = {
  '"': '"',
  "'": "'",
  '\u201c': '\u201d\u201c"', // “ … ” (or “ or ")
  '\u201d': '\u201d"',
  '\u201e': '\u201c\u201d"', // „ … “
  '\u2018': "\u2019\u2018'", // ‘ … ’
  '\u2019': "\u2019'",
};

const escapes: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '0': '\0' };

/**
 * A recursive-descent reader of JSON as models write it, from one `{` or `[` to where that value ends
 * (what follows is ignored). parseJsonLoosely (robust-json.ts) picks where it starts.
 */
export class LenientJsonParser {
  private position: number;
  private depth = 0;
  /** Object properties (name and colon read) and list elements read so far. */
  private members = 0;

  constructor(
    private readonly source: string,
    start: number,
    /** Whether a quote not followed by `,:}]` is taken as a character of the string. */
    private readonly innerQuotes: boolean,
  ) {
    this.position = start;
  }

  parse(): unknown {
    return this.value();
  }

  /** Where the parsed value ends. */
  get end(): number {
    return this.position;
  }

  private value(): unknown {
    this.skipTrivia();
    const char = this.source[this.position];
    if (char === undefined) throw this.truncated('a value is missing');
    if (char === '{') return this.object();
    if (char === '[') return this.array();
    if (char in closingQuotes) return this.string();
    if (/[-+.\d]/.test(char)) return this.number();
    if (/[A-Za-z_$]/.test(char)) return this.word();
    throw this.error(`unexpected character ${JSON.stringify(char)}`);
  }

  private object(): Record<string, unknown> {
    this.enter();
    const result: Record<string, unknown> = {};
    for (;;) {
      this.skipTrivia();
      const char = this.source[this.position];
      if (char === undefined) throw this.truncated('an object is not closed');
      if (char === '}') break;
      if (char === ',') {
        this.position += 1;
        continue;
      }
      const key = char in closingQuotes ? this.string() : this.identifier();
      this.skipTrivia();
      if (this.source[this.position] === undefined) throw this.truncated(`the property ${JSON.stringify(key)} has no value`);
      if (this.source[this.position] !== ':') throw this.error(`expected ':' after the property name ${JSON.stringify(key)}`);
      this.position += 1;
      this.members += 1;
      // defineProperty: a "__proto__" key must become data, not replace the object's prototype.
      Object.defineProperty(result, key, { value: this.value(), enumerable: true, writable: true, configurable: true });
      this.afterMember('}', 'an object is not closed', next => next in closingQuotes || /[A-Za-z_$]/.test(next));
    }
    this.position += 1;
    this.depth -= 1;
    return result;
  }

  private array(): unknown[] {
    this.enter();
    const result: unknown[] = [];
    for (;;) {
      this.skipTrivia();
      const char = this.source[this.position];
      if (char === undefined) throw this.truncated('a list is not closed');
      if (char === ']') break;
      if (char === ',') {
        this.position += 1;
        continue;
      }
      result.push(this.value());
      this.members += 1;
      this.afterMember(']', 'a list is not closed', next => next in closingQuotes || /[-+.\d{[A-Za-z_$]/.test(next));
    }
    this.position += 1;
    this.depth -= 1;
    return result;
  }

  /** After a member: a comma, the closing bracket, or (a missing comma, forgiven) the start of the next member. */
  private afterMember(closer: string, truncatedMessage: string, startsMember: (char: string) => boolean): void {
    this.skipTrivia();
    const char = this.source[this.position];
    if (char === undefined) throw this.truncated(truncatedMessage);
    if (char === ',') this.position += 1;
    else if (char !== closer && !startsMember(char)) throw this.error(`expected ',' or '${closer}'`);
  }

  private string(): string {
    const opening = this.source[this.position];
    const closers = closingQuotes[opening];
    const start = this.position;
    this.position += 1;
    let result = '';
    for (;;) {
      const char = this.source[this.position];
      if (char === undefined) throw this.truncated('a string is not closed', start);
      if (char === '\\') {
        result += this.escape();
        continue;
      }
      this.position += 1;
      if (closers.includes(char) && (!this.innerQuotes || this.closesString())) return result;
      result += char;
    }
  }

  /**
   * Whether the quote just read ends the string: only when what follows can follow a string. Otherwise
   * it is an unescaped quote inside the text (`"he said "hi" there"`), kept as a character.
   */
  private closesString(): boolean {
    let index = this.position;
    let crossedLine = false;
    while (index < this.source.length && /\s/.test(this.source[index])) {
      if (this.source[index] === '\n') crossedLine = true;
      index += 1;
    }
    const next = this.source[index];
    if (next === undefined || ',:}]'.includes(next)) return true;
    if (next === '/' && (this.source[index + 1] === '/' || this.source[index + 1] === '*')) return true;
    // A quote on the next line starts the next member of a list or object whose comma is missing.
    return crossedLine && next in closingQuotes;
  }

  private escape(): string {
    const code = this.source[this.position + 1];
    if (code === undefined) throw this.truncated('a string is not closed');
    this.position += 2;
    if (code === 'u') {
      const hex = this.source.slice(this.position, this.position + 4);
      if (hex.length < 4 && this.position + hex.length >= this.source.length) throw this.truncated('a \\u escape is cut off');
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw this.error('a \\u escape needs four hex digits');
      this.position += 4;
      return String.fromCharCode(Number.parseInt(hex, 16));
    }
    if (code === '\n') return '';
    return escapes[code] ?? code;
  }

  private number(): number {
    const pattern = /[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?/y;
    pattern.lastIndex = this.position;
    const match = pattern.exec(this.source);
    if (!match) throw this.error('a number is malformed');
    this.position += match[0].length;
    const value = Number(match[0]);
    if (!Number.isFinite(value)) throw this.error('a number is out of range');
    return value;
  }

  private word(): boolean | null {
    const word = this.identifier();
    if (/^(true|True|TRUE)$/.test(word)) return true;
    if (/^(false|False|FALSE)$/.test(word)) return false;
    if (/^(null|Null|NULL|None|undefined)$/.test(word)) return null;
    if (this.position >= this.source.length) throw this.truncated(`the reply ends in the word ${JSON.stringify(word)}`);
    throw this.error(`unexpected word ${JSON.stringify(word.slice(0, 40))} (strings need quotes)`);
  }

  private identifier(): string {
    const pattern = /[A-Za-z_$][\w$-]*/y;
    pattern.lastIndex = this.position;
    const match = pattern.exec(this.source);
    if (!match) throw this.error('expected a property name');
    this.position += match[0].length;
    return match[0];
  }

  private skipTrivia(): void {
    for (;;) {
      while (this.position < this.source.length && /[\s\ufeff]/.test(this.source[this.position])) this.position += 1;
      if (this.source.startsWith('//', this.position)) {
        const end = this.source.indexOf('\n', this.position);
        this.position = end < 0 ? this.source.length : end + 1;
      } else if (this.source.startsWith('/*', this.position)) {
        const end = this.source.indexOf('*/', this.position + 2);
        this.position = end < 0 ? this.source.length : end + 2;
      } else return;
    }
  }

  private enter(): void {
    this.depth += 1;
    if (this.depth > maxDepth)
      throw new LooseJsonError(`not valid JSON: nested deeper than ${maxDepth} levels at ${this.where(this.position)}`, this.position, false, true);
    this.position += 1;
  }

  private error(what: string, at = this.position): LooseJsonError {
    return new LooseJsonError(`not valid JSON: ${what} at ${this.where(at)}`, at, false, this.members > 0);
  }

  private truncated(what: string, at = this.position): LooseJsonError {
    return new LooseJsonError(`the JSON is incomplete (cut off?): ${what} at the end of the reply (from ${this.where(at)})`, this.source.length, true, true);
  }

  private where(at: number): string {
    const before = this.source.slice(0, at);
    const line = before.split('\n').length;
    return `line ${line}, column ${at - before.lastIndexOf('\n')}`;
  }
}
