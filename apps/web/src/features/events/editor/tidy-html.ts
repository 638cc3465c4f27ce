const BLOCKS = new Set(['P', 'UL', 'OL', 'H2', 'H3', 'H4', 'BLOCKQUOTE', 'PRE', 'HR']);

function parse(html: string): HTMLTemplateElement {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template;
}

/**
 * The editor's HTML as the public page will read it. Editing commands leave `<div>` lines, lists inside
 * paragraphs and bare text at the top: the `<div>`s become paragraphs, parsing the result as HTML (what the
 * public page does) splits paragraphs around the lists, bare text is wrapped in a paragraph and empty ones
 * go, leaving a clean list of blocks.
 */
export function tidyHtml(html: string): string {
  const draft = parse(html);
  for (const div of [...draft.content.querySelectorAll('div')]) {
    const paragraph = document.createElement('p');
    paragraph.append(...div.childNodes);
    div.replaceWith(paragraph);
  }
  const template = parse(draft.innerHTML);
  let run: HTMLParagraphElement | null = null;
  for (const node of [...template.content.childNodes]) {
    if (node instanceof Element && BLOCKS.has(node.tagName)) {
      run = null;
      continue;
    }
    if (!run) {
      run = document.createElement('p');
      node.before(run);
    }
    run.append(node);
  }
  for (const paragraph of [...template.content.querySelectorAll('p')]) {
    if (!paragraph.textContent?.trim()) paragraph.remove();
  }
  return template.innerHTML;
}
