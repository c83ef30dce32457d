import { Alert, Button, Card, SimpleGrid, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent, type ReactNode } from 'react';
import { splitRefusal } from '../field-errors';
import { checkWith, type SharedSchema } from '../schema-texts';

interface AddFormOptions<F extends string, S extends Record<F, unknown>, R> {
  empty: S;
  fields: readonly F[];
  /** The shared schema both the server and this form check with. */
  schema: SharedSchema & { parse: (input: unknown) => R };
  /** The values as the schema reads them (e.g. a blank optional field left out). */
  toInput?: (form: S) => unknown;
  send: (request: R) => Promise<unknown>;
  /** The catalogue key shown above the form for a refusal that names no field. */
  failKey: string;
  /** Error codes the form shows next to a field (e.g. 'user.email_taken' → 'email'). */
  codeFields?: Partial<Record<string, F>>;
  added: (form: S) => string;
  onAdded: () => void;
}

/**
 * The super area's add forms (companies, users): checked with the shared schema before sending,
 * a refusal shown next to the field it names or above the form, emptied and announced once added.
 */
export function useAddForm<F extends string, S extends Record<F, unknown>, R>(options: AddFormOptions<F, S, R>) {
  const [form, setForm] = useState<S>(options.empty);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const edit = <K extends F>(field: K, value: S[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = options.toInput ? options.toInput(form) : form;
    const errors = checkWith<F>(options.schema, input);
    setFieldErrors(errors);
    setFormError(null);
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    try {
      await options.send(options.schema.parse(input));
      notifications.show({ color: 'green', message: options.added(form) });
      setForm(options.empty);
      options.onAdded();
    } catch (failure) {
      const refusal = splitRefusal(failure, options.fields, options.failKey, options.codeFields);
      setFieldErrors(refusal.field);
      setFormError(refusal.form);
    } finally {
      setSaving(false);
    }
  };

  return { form, edit, fieldErrors, formError, saving, submit };
}

/** The card an add form sits in: its title, the form's own error, the fields in a grid, the button. */
export function AddFormCard(props: {
  id: string;
  title: string;
  formError: string | null;
  saving: boolean;
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <Card mb="lg" padding="md" component="section" aria-labelledby={props.id}>
      <Title order={2} size="h4" mb="sm" id={props.id}>
        {props.title}
      </Title>
      <form onSubmit={(event) => void props.onSubmit(event)} noValidate>
        {props.formError && (
          <Alert color="red" variant="light" role="alert" mb="sm">
            {props.formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {props.children}
        </SimpleGrid>
        <Button type="submit" mt="md" loading={props.saving}>
          {props.submitLabel}
        </Button>
      </form>
    </Card>
  );
}
