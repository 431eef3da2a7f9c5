// Keyboard use of clickable SVG shapes: focusable, announced as buttons, activated by Enter or Space.
import type { KeyboardEvent } from 'react';

export function buttonProps(label: string, action: (() => void) | undefined) {
  if (action === undefined) return { 'aria-label': label };
  return {
    role: 'button',
    tabIndex: 0,
    'aria-label': label,
    onClick: (e: { stopPropagation(): void }) => {
      e.stopPropagation();
      action();
    },
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        e.stopPropagation();
        action();
      }
    },
  } as const;
}
