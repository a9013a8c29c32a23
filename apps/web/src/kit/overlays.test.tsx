import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import Accordion from './Accordion';
import AccordionDetails from './AccordionDetails';
import AccordionSummary from './AccordionSummary';
import Collapse from './Collapse';
import Dialog from './Dialog';
import DialogActions from './DialogActions';
import DialogContent from './DialogContent';
import DialogTitle from './DialogTitle';
import Drawer from './Drawer';
import Menu from './Menu';
import MenuItem from './MenuItem';
import Snackbar from './Snackbar';

function DialogOpener({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
      >
        Open
      </button>
      <Dialog
        open={open}
        onClose={
          onClose
            ? () => {
                onClose();
                setOpen(false);
              }
            : undefined
        }
        aria-labelledby="t"
      >
        <DialogTitle id="t">Remove the card?</DialogTitle>
        <DialogContent>It goes.</DialogContent>
        <DialogActions>
          <button
            type="button"
            onClick={() => {
              setOpen(false);
            }}
          >
            Keep
          </button>
        </DialogActions>
      </Dialog>
    </>
  );
}

describe('kit Dialog', () => {
  it('is a dialog named by its title; Escape asks to close it and focus goes back to the opener', () => {
    const onClose = vi.fn();
    render(<DialogOpener onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Remove the card?' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.hasAttribute('open')).toBe(true);
    screen.getByRole('button', { name: 'Keep' }).focus();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('stays open on Escape when it has no onClose (the page decides)', () => {
    render(<DialogOpener />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('takes MUI’s width props and the paper’s props on the dialog itself', () => {
    render(
      <Dialog
        open
        maxWidth="md"
        fullWidth
        aria-label="x"
        slotProps={{ paper: { 'data-testid': 'paper', sx: { m: 2 } } }}
      >
        <DialogContent>x</DialogContent>
      </Dialog>,
    );
    const paper = screen.getByTestId('paper');
    expect(paper.tagName).toBe('DIALOG');
    expect(paper.className).toContain('kit-dialog-md');
    expect(paper.className).toContain('kit-dialog-full-width');
    expect(paper.style.margin).toBe('16px');
  });
});

describe('kit Drawer', () => {
  it('is a modal panel that Escape closes, with the paper’s id', () => {
    const onClose = vi.fn();
    render(
      <Drawer
        open
        onClose={onClose}
        anchor="right"
        slotProps={{ paper: { id: 'panel', 'aria-label': 'Menu' } }}
      >
        <a href="#x">x</a>
      </Drawer>,
    );
    const panel = screen.getByRole('dialog', { name: 'Menu' });
    expect(panel.id).toBe('panel');
    expect(panel.className).toContain('kit-drawer-right');
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledWith(expect.anything(), 'escapeKeyDown');
  });
});

function MenuHarness({ onChoose }: { onChoose: (what: string) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => {
    setAnchor(null);
  };
  return (
    <>
      <button
        type="button"
        aria-haspopup="menu"
        onClick={(event) => {
          setAnchor(event.currentTarget);
        }}
      >
        Language
      </button>
      <button type="button">Elsewhere</button>
      {anchor && (
        <Menu id="m" anchorEl={anchor} open onClose={close}>
          <MenuItem
            onClick={() => {
              close();
              onChoose('en');
            }}
          >
            English
          </MenuItem>
          <MenuItem
            selected
            onClick={() => {
              close();
              onChoose('es');
            }}
          >
            Español
          </MenuItem>
          <MenuItem
            onClick={() => {
              close();
              onChoose('pt');
            }}
          >
            Português
          </MenuItem>
        </Menu>
      )}
    </>
  );
}

describe('kit Menu', () => {
  it('opens on the selected item, moves with the arrows, Home and End, and chooses with Enter', () => {
    const onChoose = vi.fn();
    render(<MenuHarness onChoose={onChoose} />);
    const button = screen.getByRole('button', { name: 'Language' });
    button.focus();
    fireEvent.click(button);
    const menu = screen.getByRole('menu');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Español' }));
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Português' }));
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'English' }));
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Português' }));
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'English' }));
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Português' }));
    fireEvent.keyDown(menu, { key: 'Enter' });
    expect(onChoose).toHaveBeenCalledWith('pt');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('closes on Escape, on Tab and on a click outside, focus back on its button', () => {
    render(<MenuHarness onChoose={vi.fn()} />);
    const button = screen.getByRole('button', { name: 'Language' });
    for (const close of [
      () => fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' }),
      () => fireEvent.keyDown(screen.getByRole('menu'), { key: 'Tab' }),
      () => fireEvent.mouseDown(screen.getByRole('button', { name: 'Elsewhere' })),
    ]) {
      button.focus();
      fireEvent.click(button);
      expect(screen.getByRole('menu')).toBeTruthy();
      close();
      expect(screen.queryByRole('menu')).toBeNull();
      expect(document.activeElement).toBe(button);
    }
  });
});

describe('kit Snackbar', () => {
  it('says its message as an alert and asks to close after its time, or on Escape', () => {
    vi.useFakeTimers();
    try {
      const onClose = vi.fn();
      render(
        <Snackbar
          open
          autoHideDuration={3000}
          onClose={onClose}
          message="Saved"
          action={<button type="button">Dismiss</button>}
        />,
      );
      expect(screen.getByRole('alert').textContent).toContain('Saved');
      act(() => {
        vi.advanceTimersByTime(2999);
      });
      expect(onClose).not.toHaveBeenCalled();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(onClose).toHaveBeenCalledWith(null, 'timeout');
      fireEvent.keyDown(document, { key: 'Escape' });
      expect(onClose).toHaveBeenLastCalledWith(expect.anything(), 'escapeKeyDown');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('kit Collapse and Accordion', () => {
  it('keeps collapsed content in the page, hidden', () => {
    const { rerender } = render(
      <Collapse in={false} id="more">
        Details
      </Collapse>,
    );
    expect(document.getElementById('more')?.hidden).toBe(true);
    rerender(
      <Collapse in id="more">
        Details
      </Collapse>,
    );
    expect(document.getElementById('more')?.hidden).toBe(false);
  });

  it('opens an answer from its heading’s button, a region named by the question', () => {
    const onChange = vi.fn();
    function Faq() {
      const [open, setOpen] = useState(false);
      return (
        <Accordion
          expanded={open}
          onChange={(_event, next) => {
            onChange(next);
            setOpen(next);
          }}
        >
          <AccordionSummary id="q" aria-controls="a">
            Why?
          </AccordionSummary>
          <AccordionDetails>Because.</AccordionDetails>
        </Accordion>
      );
    }
    render(<Faq />);
    const question = screen.getByRole('button', { name: 'Why?' });
    expect(question.closest('h3')).toBeTruthy();
    expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region')).toBeNull();
    fireEvent.click(question);
    expect(onChange).toHaveBeenCalledWith(true);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    const answer = screen.getByRole('region', { name: 'Why?' });
    expect(answer.id).toBe('a');
    expect(answer.textContent).toBe('Because.');
  });
});

describe('kit Dialog focus', () => {
  it('opens with focus on the button marked autoFocus', async () => {
    const { default: Button } = await import('./Button');
    render(
      <Dialog open aria-label="Sure?">
        <DialogActions>
          <Button>Other</Button>
          <Button autoFocus>Keep</Button>
        </DialogActions>
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep' }));
  });
});
