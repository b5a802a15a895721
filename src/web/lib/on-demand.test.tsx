// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastArea } from '../components/ui/toast-area';
import { resetToasts, toast } from '../components/ui/use-toast';
import { type OnDemandDialogProps, onDemand, useDialogOnDemand, useOnDemand } from './on-demand';

afterEach(() => {
  cleanup();
  resetToasts();
});

describe('onDemand', () => {
  it('imports once however often it is asked, and hands out what it loaded', async () => {
    const importer = vi.fn(async () => 'loaded');
    const code = onDemand(importer);
    expect(code.get()).toBeUndefined();
    const [a, b] = await Promise.all([code.load(), code.load()]);
    expect([a, b, code.get()]).toEqual(['loaded', 'loaded', 'loaded']);
    await code.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed import (a lost connection)', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('loaded');
    const code = onDemand<string>(importer);
    await expect(code.load()).rejects.toThrow('offline');
    expect(code.get()).toBeUndefined();
    await expect(code.load()).resolves.toBe('loaded');
    expect(importer).toHaveBeenCalledTimes(2);
  });
});

describe('useOnDemand', () => {
  it('renders nothing until wanted, then loads and renders the code', async () => {
    const importer = vi.fn(async () => () => <p>Loaded part</p>);
    const code = onDemand(importer);
    function Host({ wanted }: { wanted: boolean }) {
      const Part = useOnDemand(code, wanted);
      return Part ? <Part /> : null;
    }
    const { rerender } = render(<Host wanted={false} />);
    expect(importer).not.toHaveBeenCalled();
    rerender(<Host wanted />);
    expect(await screen.findByText('Loaded part')).toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(1);
  });
});

describe('useDialogOnDemand', () => {
  function Panel({ open, onOpenChange, triggerRef }: OnDemandDialogProps) {
    if (!open) return null;
    return (
      <div role="dialog" aria-label="Panel">
        <button
          type="button"
          onClick={() => {
            onOpenChange(false);
            triggerRef.current?.focus();
          }}
        >
          Close
        </button>
      </div>
    );
  }

  it('gives the button what a Radix trigger would, starts loading on hover or focus, opens on click', async () => {
    const importer = vi.fn(async () => Panel);
    const code = onDemand(importer);
    function Widget() {
      const { open, setOpen, triggerRef, triggerProps, Content } = useDialogOnDemand(code);
      return (
        <>
          <button type="button" {...triggerProps}>
            Open
          </button>
          {Content ? <Content open={open} onOpenChange={setOpen} triggerRef={triggerRef} /> : null}
        </>
      );
    }
    render(<Widget />);
    const button = screen.getByRole('button', { name: 'Open' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    fireEvent.pointerEnter(button);
    expect(importer).toHaveBeenCalledTimes(1);

    fireEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Panel' })).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(importer).toHaveBeenCalledTimes(1);
  });
});

describe('ToastArea', () => {
  it('loads the toast area with the first toast, and shows that toast', async () => {
    render(<ToastArea />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    act(() => {
      toast({ title: 'Saved', description: 'Your changes are saved.' });
    });
    expect(await screen.findByText('Your changes are saved.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Notification/ })).toBeInTheDocument();
  });
});
