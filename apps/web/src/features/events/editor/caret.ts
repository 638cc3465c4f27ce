/**
 * The selection inside an editable element as character offsets into its text, so it survives a command
 * that rebuilds the element's structure without changing its text (Chromium's list commands put the caret
 * back at the start of the line otherwise).
 */

export type TextSelection = { start: number; end: number };

function offsetOf(root: Node, node: Node, offset: number): number {
  const range = document.createRange();
  range.selectNodeContents(root);
  range.setEnd(node, offset);
  return range.toString().length;
}

function pointAt(root: Node, target: number): [Node, number] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let seen = 0;
  let last: Text | null = null;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if (seen + node.length >= target) return [node, target - seen];
    seen += node.length;
    last = node;
  }
  return last ? [last, last.length] : [root, root.childNodes.length];
}

export function readSelection(root: HTMLElement): TextSelection | null {
  const selection = document.getSelection();
  if (!selection?.rangeCount) return null;
  const range = selection.getRangeAt(0);
  if (!root.contains(range.startContainer)) return null;
  return {
    start: offsetOf(root, range.startContainer, range.startOffset),
    end: offsetOf(root, range.endContainer, range.endOffset),
  };
}

export function restoreSelection(root: HTMLElement, saved: TextSelection): void {
  const selection = document.getSelection();
  if (!selection) return;
  const range = document.createRange();
  range.setStart(...pointAt(root, saved.start));
  range.setEnd(...pointAt(root, saved.end));
  selection.removeAllRanges();
  selection.addRange(range);
}
