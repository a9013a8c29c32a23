import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { BirthDateSchema } from '@portal/contracts';
import Button from '../../kit/Button';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { changeLanguage } from '../../i18n';
import { ApiError } from '../../lib/api';
import { DateInput, PortalForm, SelectInput, TextInput, useCommand, zodResolver } from '.';

const Schema = z.object({
  address: z.object({ street1: z.string().trim().min(1), state: z.string().min(1) }),
  email: z.email(),
  dateOfBirth: BirthDateSchema,
});
type Values = z.infer<typeof Schema>;

function TestForm({ send }: { send: (values: Values, key: string) => Promise<unknown> }) {
  const resolver = useMemo(() => zodResolver(Schema), []);
  const form = useForm<Values>({
    resolver,
    defaultValues: { address: { street1: '', state: '' }, email: '', dateOfBirth: '' },
  });
  const command = useCommand({ send, form });
  return (
    <PortalForm form={form} onSubmit={(values) => void command.submit(values)} error={command.error}>
      <TextInput name="address.street1" field="street1" />
      <SelectInput name="address.state" field="state" options={[{ value: 'MA', label: 'Massachusetts' }]} />
      <TextInput name="email" field="email" type="email" />
      <DateInput name="dateOfBirth" field="dateOfBirth" />
      <Button type="submit">Send</Button>
    </PortalForm>
  );
}

function renderForm(send: (values: Values, key: string) => Promise<unknown>) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <TestForm send={send} />
    </QueryClientProvider>,
  );
}

const fill = (label: RegExp, value: string) => {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
};

describe('the form kit (SPEC §5, docs/decisions/014)', () => {
  afterEach(async () => {
    vi.useRealTimers();
    await changeLanguage('en', false);
  });

  it('focuses the first invalid field in display order (nested groups too) and says what is wrong for 5 seconds', async () => {
    const send = vi.fn(() => Promise.resolve({}));
    renderForm(send);
    fill(/Street address/, '1 Main St');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByText('State is required.', { selector: '.kit-alert-message' });
    expect(alert).toBeTruthy();
    await waitFor(() => {
      expect(document.activeElement?.getAttribute('name')).toBe('address.state');
    });
    // Each field also says its own message under it.
    expect(screen.getByText('Email is required.')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(5_100);
    });
    expect(screen.queryByText('State is required.', { selector: '.kit-alert-message' })).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  it('agrees each message with its field in Spanish and Portuguese, and refuses a future date of birth', async () => {
    await changeLanguage('es', false);
    renderForm(() => Promise.resolve({}));
    fill(/Fecha de nacimiento/, '2999-01-01');
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Dirección es obligatoria.')).toBeTruthy();
    expect(screen.getByText('Estado es obligatorio.')).toBeTruthy();
    expect(screen.getByText('Fecha de nacimiento no puede ser una fecha futura.')).toBeTruthy();
    await changeLanguage('pt', false);
    expect(await screen.findByText('Endereço é obrigatório.')).toBeTruthy();
    fill(/Data de nascimento/, '');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Data de nascimento é obrigatória.')).toBeTruthy();
  });

  it('puts the server’s field errors on their fields, says the refusal in place and keeps what was typed', async () => {
    const refusal = new ApiError(422, {
      type: 'urn:portal:problem:unprocessable',
      title: 'Not possible',
      status: 422,
      errors: [
        { field: 'body.email', reason: 'taken', code: 'not-yours' },
        { field: 'body.email', reason: 'second', code: 'above-maximum' },
      ],
    });
    const send = vi.fn(() => Promise.reject(refusal));
    renderForm(send);
    fill(/Street address/, '1 Main St');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /State/ }), 'Massachusetts');
    fill(/Email/, 'ana@example.com');
    fill(/Date of birth/, '1990-05-01');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email is not one of your choices.', { selector: 'p' })).toBeTruthy();
    // The form-invalid alert names a server's field error as it names its own.
    expect(
      await screen.findByText('Email is not one of your choices.', { selector: '.kit-alert-message' }),
    ).toBeTruthy();
    expect(
      screen.getByText('This change is not possible as entered. Check the fields marked in red.'),
    ).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/Street address/).value).toBe('1 Main St');
    expect(screen.getByLabelText<HTMLInputElement>(/Email/).value).toBe('ana@example.com');
  });

  it('sends a double click once, repeats the same key after a failure without an answer and a new one after a change', async () => {
    const keys: string[] = [];
    let answer: () => Promise<unknown> = () => Promise.reject(new TypeError('Failed to fetch'));
    const send = vi.fn((_values: Values, key: string) => {
      keys.push(key);
      return answer();
    });
    renderForm(send);
    fill(/Street address/, '1 Main St');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /State/ }), 'Massachusetts');
    fill(/Email/, 'ana@example.com');
    fill(/Date of birth/, '1990-05-01');
    const button = screen.getByRole('button', { name: 'Send' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(
      await screen.findByText('We could not reach the portal. Check your connection and try again.'),
    ).toBeTruthy();
    expect(keys).toHaveLength(1);
    fireEvent.click(button);
    await waitFor(() => {
      expect(keys).toHaveLength(2);
    });
    expect(keys[1]).toBe(keys[0]);
    answer = () => Promise.resolve({});
    fill(/Email/, 'ana.costa@example.com');
    fireEvent.click(button);
    await waitFor(() => {
      expect(keys).toHaveLength(3);
    });
    expect(keys[2]).not.toBe(keys[0]);
  });
});
