import { Anchor, type AnchorProps } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { isPublicAuthPath, pathOf } from '../../lib/public-paths';
import { navigate } from './navigation';

/** A plain anchor; between sign-in pages an ordinary click stays in the page. */
export function PublicLink({
  href,
  children,
  ...props
}: AnchorProps & { href: string; children: ReactNode }) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (!isPublicAuthPath(pathOf(href))) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  }
  return (
    <Anchor href={href} onClick={onClick} {...props}>
      {children}
    </Anchor>
  );
}
