// Elements built in code: a tag, its attributes and its children.
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

// An element of index.html by its id, as the type the caller knows it is.
export const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
