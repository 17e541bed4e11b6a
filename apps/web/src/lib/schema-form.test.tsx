import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Field } from '../components/ui/field.tsx';
import { useSchemaForm } from './schema-form.ts';

const schema = z.object({
  code: z.string().trim().min(1, 'Enter a code.'),
  name: z.string().trim().min(1, 'Enter a name.'),
});

function Harness({ onValid }: { onValid: (data: z.infer<typeof schema>) => void }) {
  const form = useSchemaForm(schema, { code: '', name: '' });
  return (
    <form
      aria-label="New code"
      noValidate
      onSubmit={form.handleSubmit((data) => {
        onValid(data);
        form.reset();
      })}
    >
      <Field label="Code" {...form.field('code')} />
      <Field label="Name" {...form.field('name')} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('useSchemaForm', () => {
  it('names each invalid field on submit and focuses the first; a valid save hands over the parsed values and starts again', async () => {
    const onValid = vi.fn();
    const user = userEvent.setup();
    render(<Harness onValid={onValid} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Spring');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).not.toHaveBeenCalled();
    expect(screen.getByText('Enter a code.')).toBeInTheDocument();
    expect(screen.queryByText('Enter a name.')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveFocus();

    await user.type(screen.getByRole('textbox', { name: 'Code' }), ' SPRING25 ');
    expect(screen.queryByText('Enter a code.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith({ code: 'SPRING25', name: 'Spring' });
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });
});
