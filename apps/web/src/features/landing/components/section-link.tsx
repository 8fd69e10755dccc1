import type { ComponentProps, MouseEvent } from 'react';
import { scrollToSection, type SectionId } from '../lib/sections';

/** In-page link to a landing section: a real '#id' link that scrolls smoothly when JavaScript runs. */
export function SectionLink({ to, onClick, ...props }: Omit<ComponentProps<'a'>, 'href'> & { to: SectionId }) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    if (scrollToSection(to)) event.preventDefault();
  };
  return <a href={`#${to}`} onClick={handleClick} {...props} />;
}
