// A modal dialog on the native <dialog> element: focus moves into it, Escape closes it, and focus returns
// to where it was when it closes.
import { type ReactNode, useEffect, useRef } from 'react';

export function Dialog(props: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    const before = document.activeElement as HTMLElement | null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => {
      if (dialog.open) dialog.close();
      before?.focus?.();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={`dialog ${props.className ?? ''}`}
      aria-label={props.title}
      onCancel={(e) => {
        e.preventDefault();
        props.onClose();
      }}
      // Escape closes the dialog wherever the focus is inside it (also where <dialog> has no cancel event);
      // handled here, the browser's own cancel does not follow.
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !e.defaultPrevented) {
          e.preventDefault();
          e.stopPropagation();
          props.onClose();
        }
      }}
    >
      <header>
        <h2>{props.title}</h2>
        <button type="button" className="close" aria-label="Close" onClick={props.onClose}>
          ×
        </button>
      </header>
      <div className="dialog-body">{props.children}</div>
    </dialog>
  );
}
