import { getErrorMessage } from '@/api/client';
import type { NewSiteUser, Site } from '@/api/types';
import { FormSitePicker } from '@/components/server-picker/form-server-picker';
import { Form, FormInput, FormSelect, useZodForm } from '@/components/ui/form';
import { FormDialog, type FormDialogBody } from '@/components/ui/form-dialog';
import { useToast } from '@/components/ui/toast';
import { useT } from '@/lib/i18n/provider';
import { useCreateSiteUser } from '../api/create-site-user';
import { newSiteUserSchema } from '../api/site-user-schema';

function AddUserForm({ formId, sites, siteId, onDone, onPendingChange }: FormDialogBody & { sites: Site[] | 'search'; siteId: number | null }) {
  const form = useZodForm(newSiteUserSchema, {
    defaultValues: { username: '', email: '', password: '', fullName: '', siteId: siteId ? String(siteId) : '' },
  });
  const { trigger, isMutating } = useCreateSiteUser();
  const { toast } = useToast();
  const t = useT();

  const submit = async (user: NewSiteUser) => {
    if (isMutating) return;
    onPendingChange(true);
    try {
      const created = await trigger(user);
      toast({ title: t('admin.siteUsers.created'), description: t('admin.siteUsers.createdText', { username: created?.username ?? user.username }), variant: 'success' });
      onDone();
    } finally {
      onPendingChange(false);
    }
  };

  const failed = (error: unknown) =>
    toast({ title: t('admin.siteUsers.createFailed'), description: getErrorMessage(error, t('admin.siteUsers.createFailedText')), variant: 'destructive' });

  return (
    <Form form={form} id={formId} className="form-stack" onSubmit={submit} onSubmitError={failed} aria-label={t('admin.siteUsers.newUser')}>
      <div className="form-grid form-grid--2">
        <FormInput name="username" label={t('shared.account.username')} autoComplete="off" />
        <FormInput name="email" label={t('shared.accountFields.email')} type="email" autoComplete="off" />
        <FormInput name="password" label={t('shared.account.password')} type="password" autoComplete="new-password" description={t('admin.siteUsers.password6')} />
        <FormInput name="fullName" label={t('admin.siteUsers.fullNameOptional')} autoComplete="off" />
      </div>
      {sites === 'search' ? (
        <FormSitePicker name="siteId" />
      ) : (
        <FormSelect name="siteId" label={t('admin.site')}>
          <option value="">{t('shared.serverPicker.selectSite')}</option>
          {sites.map((site) => (
            <option key={site.id} value={site.id}>
              {site.name}
            </option>
          ))}
        </FormSelect>
      )}
      <p className="field__hint">{t('admin.siteUsers.newUserHint')}</p>
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
  const t = useT();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('admin.users.add')}
      description={t('admin.siteUsers.addText')}
      submitLabel={t('admin.users.create')}
      lockWhilePending
    >
      {(body) => <AddUserForm {...body} sites={sites} siteId={siteId} />}
    </FormDialog>
  );
}
