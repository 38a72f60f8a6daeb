import { getErrorMessage } from '@/api/client';
import type { NewSiteUser, Site } from '@/api/types';
import { FormSitePicker } from '@/components/server-picker/form-server-picker';
import { Form, FormInput, FormSelect, useZodForm } from '@/components/ui/form';
import { FormDialog, type FormDialogBody } from '@/components/ui/form-dialog';
import { useToast } from '@/components/ui/toast';
import { useCreateSiteUser } from '../api/create-site-user';
import { newSiteUserSchema } from '../api/site-user-schema';

function AddUserForm({ formId, sites, siteId, onDone, onPendingChange }: FormDialogBody & { sites: Site[] | 'search'; siteId: number | null }) {
  const form = useZodForm(newSiteUserSchema, {
    defaultValues: { username: '', email: '', password: '', fullName: '', siteId: siteId ? String(siteId) : '' },
  });
  const { trigger, isMutating } = useCreateSiteUser();
  const { toast } = useToast();

  const submit = async (user: NewSiteUser) => {
    if (isMutating) return;
    onPendingChange(true);
    try {
      const created = await trigger(user);
      toast({ title: 'User created', description: `${created?.username ?? user.username} was added to the site.`, variant: 'success' });
      onDone();
    } finally {
      onPendingChange(false);
    }
  };

  const failed = (error: unknown) =>
    toast({ title: 'Failed to create user', description: getErrorMessage(error, 'The user could not be created. Please try again.'), variant: 'destructive' });

  return (
    <Form form={form} id={formId} className="form-stack" onSubmit={submit} onSubmitError={failed} aria-label="New site user">
      <div className="form-grid form-grid--2">
        <FormInput name="username" label="Username" autoComplete="off" />
        <FormInput name="email" label="Email" type="email" autoComplete="off" />
        <FormInput name="password" label="Password" type="password" autoComplete="new-password" description="At least 6 characters." />
        <FormInput name="fullName" label="Full name (optional)" autoComplete="off" />
      </div>
      {sites === 'search' ? (
        <FormSitePicker name="siteId" placeholder="Select a site" />
      ) : (
        <FormSelect name="siteId" label="Site">
          <option value="">Select a site</option>
          {sites.map((site) => (
            <option key={site.id} value={site.id}>
              {site.name}
            </option>
          ))}
        </FormSelect>
      )}
      <p className="field__hint">New users join as general users (role User) and site members.</p>
    </Form>
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
  /** The sites the caller may add to: a site admin's own, or 'search' (a superadmin picks any, searched on the server). */
  sites: Site[] | 'search';
  /** The site preselected. */
  siteId: number | null;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add User"
      description="Create an account for a new member of the site."
      submitLabel="Create User"
      lockWhilePending
    >
      {(body) => <AddUserForm {...body} sites={sites} siteId={siteId} />}
    </FormDialog>
  );
}
