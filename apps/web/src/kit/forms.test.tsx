import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import Checkbox from './Checkbox';
import FormControl from './FormControl';
import FormControlLabel from './FormControlLabel';
import FormHelperText from './FormHelperText';
import FormLabel from './FormLabel';
import InputAdornment from './InputAdornment';
import MenuItem from './MenuItem';
import Radio from './Radio';
import RadioGroup from './RadioGroup';
import TextField from './TextField';
import ToggleButton from './ToggleButton';
import ToggleButtonGroup from './ToggleButtonGroup';

describe('kit form controls', () => {
  it('ties a text field to its label and its helper or error text, and marks it invalid', () => {
    const { rerender } = render(<TextField label="City" helperText="As on your mail" required />);
    const input = screen.getByLabelText(/City/);
    expect(input.tagName).toBe('INPUT');
    expect(input).toHaveProperty('required', true);
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'As on your mail',
    );
    expect(input.getAttribute('aria-invalid')).toBeNull();
    rerender(<TextField label="City" helperText="City is required." error required />);
    expect(screen.getByLabelText(/City/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('City is required.').className).toContain('kit-helper-text');
  });

  it('puts adornments beside the value and a multiline field in a textarea', () => {
    render(
      <>
        <TextField
          label="Amount"
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            htmlInput: { inputMode: 'decimal', maxLength: 12 },
          }}
        />
        <TextField label="Note" multiline minRows={3} />
      </>,
    );
    const amount = screen.getByLabelText('Amount');
    expect(amount.getAttribute('inputmode')).toBe('decimal');
    expect(amount.getAttribute('maxlength')).toBe('12');
    expect(amount.previousElementSibling?.textContent).toBe('$');
    expect(screen.getByLabelText('Note').tagName).toBe('TEXTAREA');
  });

  it('makes a select field a native select of its menu items, empty until chosen', async () => {
    const changed = vi.fn();
    function Field() {
      const [value, setValue] = useState('');
      return (
        <TextField
          select
          label="State"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            changed(event.target.value);
          }}
        >
          <MenuItem value="MA">Massachusetts</MenuItem>
          <MenuItem value="NH" disabled>
            New Hampshire
          </MenuItem>
        </TextField>
      );
    }
    render(<Field />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'State' });
    expect(select.tagName).toBe('SELECT');
    expect(select.value).toBe('');
    expect(screen.getByRole<HTMLOptionElement>('option', { name: 'New Hampshire' }).disabled).toBe(true);
    await userEvent.selectOptions(select, 'Massachusetts');
    expect(changed).toHaveBeenCalledWith('MA');
    expect(select.value).toBe('MA');
  });

  it('draws a menu item outside a select as a menuitem, or as the component given', () => {
    const clicked = vi.fn();
    render(
      <ul role="menu">
        <MenuItem onClick={clicked}>Sign out</MenuItem>
        <MenuItem component="a" href="/account" selected>
          My account
        </MenuItem>
      </ul>,
    );
    const item = screen.getByRole('menuitem', { name: 'Sign out' });
    expect(item.tagName).toBe('LI');
    expect(item.getAttribute('tabindex')).toBe('-1');
    fireEvent.click(item);
    expect(clicked).toHaveBeenCalledOnce();
    const link = screen.getByRole('menuitem', { name: 'My account' });
    expect(link.tagName).toBe('A');
    expect(link.className).toContain('kit-selected');
  });

  it('groups checkboxes in a fieldset named by its legend; a label toggles its box', () => {
    const onChange = vi.fn();
    render(
      <FormControl component="fieldset" error required>
        <FormLabel component="legend">Who applies</FormLabel>
        <FormControlLabel control={<Checkbox onChange={onChange} />} label="Ana" />
        <FormControlLabel control={<Checkbox />} label="Bruno" disabled />
        <FormHelperText>Choose at least one person.</FormHelperText>
      </FormControl>,
    );
    expect(screen.getByRole('group', { name: /Who applies/ })).toBeTruthy();
    fireEvent.click(screen.getByText('Ana'));
    expect(onChange).toHaveBeenCalledWith(expect.anything(), true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Bruno' }).disabled).toBe(true);
    expect(screen.getByText('Choose at least one person.').className).toContain('kit-error');
  });

  it('gives the radios of a group one name and reports the value chosen', () => {
    const chosen = vi.fn();
    function Group() {
      const [value, setValue] = useState('monthly');
      return (
        <RadioGroup
          name="frequency"
          value={value}
          onChange={(event, next) => {
            setValue(next);
            chosen(event.target.value);
          }}
        >
          <FormControlLabel value="monthly" control={<Radio />} label="Monthly" />
          <FormControlLabel value="once" control={<Radio />} label="Once" />
        </RadioGroup>
      );
    }
    render(<Group />);
    const radios = screen.getAllByRole<HTMLInputElement>('radio');
    expect(radios.map((radio) => radio.name)).toEqual(['frequency', 'frequency']);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Monthly' }).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Once' }));
    expect(chosen).toHaveBeenCalledWith('once');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Once' }).checked).toBe(true);
  });

  it('says which toggle button is pressed and asks for nothing when the pressed one is pressed again', () => {
    const onChange = vi.fn();
    render(
      <ToggleButtonGroup value="all" exclusive aria-label="Show" onChange={onChange}>
        <ToggleButton value="all">All</ToggleButton>
        <ToggleButton value="open">Open</ToggleButton>
      </ToggleButtonGroup>,
    );
    expect(screen.getByRole('group', { name: 'Show' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Open' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.anything(), 'open');
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.anything(), null);
  });
});
