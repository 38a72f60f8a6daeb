import { useId, useState, type FormEvent } from 'react';
import { getErrorMessage, getFieldErrors } from '@/api/client';
import type { Site } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { useCreateSiteUser } from '../api/create-site-user';
import { toNewSiteUser, validateNewSiteUser, type NewSiteUserErrors, type NewSiteUserValues } from './validate-site-user';

function AddUserForm({
  formId,
  sites,
  siteId,
  onDone,
  onPendingChange,
}: {
  formId: string;
  sites: Site[];
  siteId: number | null;
  onDone: () => void;
  onPendingChange: (pending: boolean) => void;
}) {
  const [values, setValues] = useState<NewSiteUserValues>({
    username: '',
    email: '',
    password: '',
    fullName: '',
    siteId: siteId ? String(siteId) : '',
  });
  const [errors, setErrors] = useState<NewSiteUserErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const { trigger, isMutating } = useCreateSiteUser();
  const { toast } = useToast();

  const set = (patch: Partial<NewSiteUserValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (submitted) setErrors(validateNewSiteUser(next));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isMutating) return;
    setSubmitted(true);
    const found = validateNewSiteUser(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onPendingChange(true);
    try {
      const created = await trigger(toNewSiteUser(values));
      toast({ title: 'User created', description: `${created?.username ?? values.username.trim()} was added to the site.`, variant: 'success' });
      onDone();
    } catch (error) {
      setErrors(getFieldErrors(error) as NewSiteUserErrors);
      toast({ title: 'Failed to create user', description: getErrorMessage(error, 'The user could not be created. Please try again.'), variant: 'destructive' });
    } finally {
      onPendingChange(false);
    }
  };

  return (
    <form id={formId} className="form-stack" onSubmit={(event) => void submit(event)} noValidate aria-label="New site user">
      <div className="form-grid form-grid--2">
        <Field
          label="Username"
          name="username"
          autoComplete="off"
          value={values.username}
          error={errors.username}
          onChange={(event) => set({ username: event.target.value })}
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          value={values.email}
          error={errors.email}
          onChange={(event) => set({ email: event.target.value })}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          hint="At least 6 characters."
          onChange={(event) => set({ password: event.target.value })}
        />
        <Field
          label="Full name (optional)"
          name="fullName"
          autoComplete="off"
          value={values.fullName}
          error={errors.fullName}
          onChange={(event) => set({ fullName: event.target.value })}
        />
      </div>
      <SelectField
        label="Site"
        name="siteId"
        value={values.siteId}
        error={errors.siteId}
        onChange={(event) => set({ siteId: event.target.value })}
      >
        <option value="">Select a site</option>
        {sites.map((site) => (
          <option key={site.id} value={site.id}>
            {site.name}
          </option>
        ))}
      </SelectField>
      <p className="field__hint">New users join as general users (role User) and site members.</p>
    </form>
  );
}

/** AddUserDialog: a site admin creates a general user of a site (spec 02 §5). */
export function AddUserDialog({
  open,
  onOpenChange,
  sites,
  siteId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The sites the caller may add to (a site admin: their own). */
  sites: Site[];
  /** The site preselected. */
  siteId: number | null;
}) {
  const formId = useId();
  const [pending, setPending] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && pending) return;
        onOpenChange(next);
      }}
      title="Add User"
      description="Create an account for a new member of the site."
      footer={
        <>
          <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            Create User
          </Button>
        </>
      }
    >
      {open ? <AddUserForm formId={formId} sites={sites} siteId={siteId} onDone={() => onOpenChange(false)} onPendingChange={setPending} /> : null}
    </Dialog>
  );
}
