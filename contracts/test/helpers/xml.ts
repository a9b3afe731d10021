/** An XML element as the well-formedness check below reads it. */
export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  /** The element's own text (entities decoded), its children's left out. */
  text: string;
}

const TAG = /^<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*"[^"<]*")*)\s*(\/?)>/;
const ATTRIBUTE = /([A-Za-z_][\w.:-]*)\s*=\s*"([^"<]*)"/g;
const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;

function decode(text: string): string {
  if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(text)) throw new Error(`bare & in ${JSON.stringify(text)}`);
  return text.replace(
    ENTITY,
    (entity) => ({ "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&apos;": "'" })[entity] ?? "?",
  );
}

/**
 * A strict parse of the XML our contracts write (elements, double-quoted attributes, text, no
 * prolog, comments or CDATA): throws on anything not well-formed — an unclosed or crossed tag, a
 * stray `<` or `&`, a duplicate attribute, text or a second element outside the root.
 */
export function parseXml(source: string): XmlElement {
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let rest = source;
  while (rest.length > 0) {
    if (rest.startsWith("<")) {
      const match = TAG.exec(rest);
      if (!match) throw new Error(`malformed tag at ${JSON.stringify(rest.slice(0, 40))}`);
      const [whole, closing, name = "", attributeText = "", selfClosing] = match;
      rest = rest.slice(whole.length);
      if (closing) {
        if (attributeText || selfClosing) throw new Error(`malformed closing tag </${name}>`);
        const open = stack.pop();
        if (open?.name !== name) throw new Error(`</${name}> closes <${open?.name ?? "nothing"}>`);
        continue;
      }
      const attributes: Record<string, string> = {};
      for (const [, key = "", value = ""] of attributeText.matchAll(ATTRIBUTE)) {
        if (key in attributes) throw new Error(`duplicate attribute ${key} on <${name}>`);
        attributes[key] = decode(value);
      }
      const element: XmlElement = { name, attributes, children: [], text: "" };
      const parent = stack.at(-1);
      if (parent) parent.children.push(element);
      else if (root) throw new Error(`second root element <${name}>`);
      else root = element;
      if (!selfClosing) stack.push(element);
    } else {
      const end = rest.indexOf("<");
      const text = end === -1 ? rest : rest.slice(0, end);
      rest = rest.slice(text.length);
      const parent = stack.at(-1);
      if (!parent) {
        if (text.trim()) throw new Error(`text outside the root: ${JSON.stringify(text)}`);
      } else parent.text += decode(text);
    }
  }
  if (stack.length > 0) throw new Error(`<${stack.at(-1)?.name}> is never closed`);
  if (!root) throw new Error("no element");
  return root;
}

/** Every element of the tree, depth first. */
export function allElements(element: XmlElement): XmlElement[] {
  return [element, ...element.children.flatMap(allElements)];
}
