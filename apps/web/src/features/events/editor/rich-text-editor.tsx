import './rich-text-editor.css';
import { ActionIcon, Button, Group, Input, Popover, Stack, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { readSelection, restoreSelection } from './caret';
import { isHttpUrl } from './event-values';
import { tidyHtml } from './tidy-html';

type Command = 'bold' | 'italic' | 'insertUnorderedList' | 'insertOrderedList';
const COMMANDS: Command[] = ['bold', 'italic', 'insertUnorderedList', 'insertOrderedList'];
/** Drawn inline: the app has no icon set, and a glyph such as 🔗 depends on the fonts installed. */
function Glyph({ d }: { d: string }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d={d} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
const ICONS: Record<Command | 'link', ReactNode> = {
  bold: <strong aria-hidden="true">B</strong>,
  italic: <em aria-hidden="true">I</em>,
  insertUnorderedList: <Glyph d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01" />,
  insertOrderedList: (
    <Glyph d="M11 6h9M11 12h9M11 18h9M4 16a2 2 0 1 1 4 0c0 .6-.5 1-1 1.5L4 20h4M6 10V4L4 6" />
  ),
  link: <Glyph d="M9 15l6-6M11 6l.5-.5a5 5 0 0 1 7 7l-.5.5M13 18l-.5.5a5 5 0 0 1-7-7l.5-.5" />,
};

const isLinkTarget = (url: string) => isHttpUrl(url) || /^mailto:[^\s@]+@[^\s@]+$/i.test(url.trim());

/**
 * A small rich-text field: bold, italic, lists and links on a contentEditable area, producing the HTML the
 * server's allow-list keeps (it sanitises whatever arrives). `document.execCommand` is deprecated but is
 * still the only editing API every browser implements, and it keeps the browser's own undo history.
 * Pasted content arrives as plain text, so formatting from other pages never sneaks in.
 */
export function RichTextEditor({
  label,
  description,
  value,
  onChange,
  error,
}: {
  label: string;
  description?: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const area = useRef<HTMLDivElement>(null);
  // Where the caret or selection last was in the text: toolbar buttons, the link popover and focus moving
  // away all lose it, and a command must apply there rather than at the start.
  const lastRange = useRef<Range | null>(null);
  const [active, setActive] = useState<Record<Command, boolean>>({
    bold: false,
    italic: false,
    insertUnorderedList: false,
    insertOrderedList: false,
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('https://');
  const [linkError, setLinkError] = useState(false);

  // The area is not a controlled element: it is written only when the value changes from outside (the saved
  // description, a reset), never with what it sent itself, so the caret stays where it is.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (area.current && value !== sent.current) area.current.innerHTML = value;
  }, [value]);

  const onSelection = useCallback(() => {
    const selection = document.getSelection();
    if (!selection?.rangeCount || !area.current?.contains(selection.anchorNode)) return;
    lastRange.current = selection.getRangeAt(0).cloneRange();
    setActive(
      Object.fromEntries(COMMANDS.map((command) => [command, document.queryCommandState(command)])) as Record<
        Command,
        boolean
      >,
    );
  }, []);
  useEffect(() => {
    document.addEventListener('selectionchange', onSelection);
    return () => document.removeEventListener('selectionchange', onSelection);
  }, [onSelection]);

  const emit = () => {
    sent.current = tidyHtml(area.current?.innerHTML ?? '');
    onChange(sent.current);
  };

  /**
   * Set on focus, before the first Enter: new lines as paragraphs, and <b>/<i> tags rather than styled spans
   * (the sanitiser drops every `style`, which would silently lose the formatting).
   */
  function prepare() {
    document.execCommand('defaultParagraphSeparator', false, 'p');
    document.execCommand('styleWithCSS', false, 'false');
  }

  /** Puts the focus back in the text, with the selection it had. */
  function refocus() {
    const selection = document.getSelection();
    if (!area.current || document.activeElement === area.current) return;
    area.current.focus();
    if (lastRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(lastRange.current);
    }
  }

  function run(command: Command | 'createLink' | 'unlink' | 'insertText', argument?: string) {
    refocus();
    const root = area.current;
    // Commands that only restructure the text keep the selection where it was.
    const kept = root && command !== 'insertText' && command !== 'createLink' ? readSelection(root) : null;
    document.execCommand(command, false, argument);
    if (root && kept) restoreSelection(root, kept);
    emit();
    onSelection();
  }

  function openLink() {
    setLinkUrl('https://');
    setLinkError(false);
    setLinkOpen(true);
  }

  function applyLink(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    const url = linkUrl.trim();
    if (!isLinkTarget(url)) return setLinkError(true);
    setLinkOpen(false);
    refocus();
    // With nothing selected, the address itself is written and becomes the link's text.
    const selection = document.getSelection();
    if (!lastRange.current || lastRange.current.collapsed) {
      run('insertText', url);
      const range = selection?.rangeCount ? selection.getRangeAt(0) : null;
      range?.setStart(range.endContainer, Math.max(0, range.endOffset - url.length));
    }
    run('createLink', url);
    // Typing goes on after the link instead of replacing it.
    selection?.collapseToEnd();
  }

  const labelId = `${id}-label`;
  const describedBy = [description ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean);

  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={error}
      id={id}
      labelElement="div"
      labelProps={{ id: labelId, onClick: () => area.current?.focus() }}
    >
      <Stack gap={0} mt={4}>
        <Group
          gap={4}
          className="guichet-rich-text-toolbar"
          role="toolbar"
          aria-label={t('eventEditor.richText.toolbar')}
        >
          {COMMANDS.map((command) => (
            // A native title rather than Mantine's Tooltip: the Tooltip's floating code would grow the
            // chunk every page shares.
            <ActionIcon
              key={command}
              title={t(`eventEditor.richText.${command}`)}
              variant={active[command] ? 'filled' : 'subtle'}
              color="gray"
              aria-label={t(`eventEditor.richText.${command}`)}
              aria-pressed={active[command]}
              // Keeps the selection in the text while the button is pressed.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => run(command)}
            >
              {ICONS[command]}
            </ActionIcon>
          ))}
          <Popover
            opened={linkOpen}
            onChange={setLinkOpen}
            trapFocus
            returnFocus={false}
            withArrow
            position="bottom-start"
          >
            <Popover.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('eventEditor.richText.link')}
                onMouseDown={(event) => event.preventDefault()}
                onClick={openLink}
              >
                {ICONS.link}
              </ActionIcon>
            </Popover.Target>
            <Popover.Dropdown>
              <form onSubmit={applyLink} noValidate>
                <Stack gap="xs" w={260}>
                  <TextInput
                    label={t('eventEditor.richText.linkUrl')}
                    value={linkUrl}
                    onChange={(event) => {
                      setLinkUrl(event.currentTarget.value);
                      setLinkError(false);
                    }}
                    error={linkError ? t('eventEditor.richText.linkInvalid') : undefined}
                    data-autofocus
                  />
                  <Group justify="space-between" gap="xs">
                    <Button
                      variant="subtle"
                      size="xs"
                      onClick={() => {
                        setLinkOpen(false);
                        run('unlink');
                      }}
                    >
                      {t('eventEditor.richText.linkRemove')}
                    </Button>
                    <Button type="submit" size="xs">
                      {t('eventEditor.richText.linkApply')}
                    </Button>
                  </Group>
                </Stack>
              </form>
            </Popover.Dropdown>
          </Popover>
        </Group>
        {/* biome-ignore lint/a11y/useSemanticElements: a multi-line rich-text field has no native element. */}
        <div
          ref={area}
          className="guichet-rich-text"
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          tabIndex={0}
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-describedby={describedBy.join(' ') || undefined}
          aria-invalid={error ? true : undefined}
          onFocus={prepare}
          onInput={emit}
          onPaste={(event) => {
            event.preventDefault();
            run('insertText', event.clipboardData.getData('text/plain'));
          }}
        />
      </Stack>
    </Input.Wrapper>
  );
}
