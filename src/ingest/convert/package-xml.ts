/**
 * Reading the XML parts of office packages (OOXML, ODF) with regular expressions: their parts are
 * machine-written with a fixed shape, and only a few elements and attributes are read.
 */

/** The value of attribute `name` (with its prefix, "r:id") in an element's start tag. */
export function attribute(tag: string, name: string): string | undefined {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?:^|\\s)${escaped}="([^"]*)"`).exec(tag)?.[1];
}

/** Text with the XML character references undone ("&amp;" → "&", "&#8364;" → "€"). */
export function decodeXml(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#(\d+)|#x([0-9a-fA-F]+));/g, (entity, name: string, decimal?: string, hex?: string) => {
    if (decimal) return String.fromCodePoint(Number(decimal));
    if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
    return { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[name] ?? entity;
  });
}

/** An element's attribute text with `values` set, replacing any it had. */
export function withAttributes(attributes: string, values: Record<string, string>): string {
  let kept = attributes.replace(/\s+$/u, '');
  for (const key of Object.keys(values)) kept = kept.replace(new RegExp(`\\s${key}="[^"]*"`, 'u'), '');
  return `${kept}${Object.entries(values)
    .map(([key, value]) => ` ${key}="${value}"`)
    .join('')}`;
}

/** The elements named `child` inside the first `parent` element, each as its whole XML text. */
export function children(xml: string, parent: string, child: string): string[] {
  const list = new RegExp(`<(?:[\\w.-]+:)?${parent}\\b[^>]*>([\\s\\S]*?)</(?:[\\w.-]+:)?${parent}>`, 'u').exec(xml);
  if (!list) return [];
  return [...list[1]!.matchAll(new RegExp(`<(?:[\\w.-]+:)?${child}\\b(?:[^>]*/>|[^>]*>[\\s\\S]*?</(?:[\\w.-]+:)?${child}>)`, 'gu'))].map(match => match[0]);
}

/** An element's start tag, attributes and all. */
export function startTag(element: string): string {
  return element.slice(0, element.indexOf('>') + 1);
}
