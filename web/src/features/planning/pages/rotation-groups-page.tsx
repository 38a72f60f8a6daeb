import { ArrowLeft, Palette, Pencil, Plus, Sparkles, Trash } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '@/api/client';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Field, Form, FormInput, FormTextarea, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { ListStates } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { useT } from '@/lib/i18n/provider';
import { useDocumentTitle } from '@/lib/use-document-title';
import { DEFAULT_GROUP_COLOR, groupSchema, useGroups, useRotationWrites, type GroupFields } from '../api/rotation';
import type { RotationGroup } from '../api/types';
import { GroupDot } from '../components/group-dot';
import '../planning.css';

function GroupDialog({ group, open, onClose }: { group: RotationGroup | null; open: boolean; onClose: () => void }) {
  const t = useT();
  const formId = useId();
  const { createGroup, updateGroup, pending } = useRotationWrites();
  const { toast } = useToast();
  const form = useZodForm(groupSchema, {
    values: { name: group?.name ?? '', description: group?.description ?? '', color: group?.color || DEFAULT_GROUP_COLOR },
  });
  const submit = async (values: GroupFields) => {
    if (group) await updateGroup(group.id, values);
    else await createGroup(values);
    toast({ title: group ? t('planning.group.updated') : t('planning.group.added'), description: values.name, variant: 'success' });
    onClose();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={group ? t('planning.group.edit') : t('planning.group.add')}
      description={t('planning.group.description')}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('planning.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {group ? t('planning.group.save') : t('planning.group.add')}
          </Button>
        </>
      }
    >
      <Form
        id={formId}
        form={form}
        onSubmit={submit}
        onSubmitError={(error) =>
          toast({ title: t('planning.group.saveFailed'), description: getErrorMessage(error, t('planning.tryAgain')), variant: 'destructive' })
        }
        className="pl-form"
      >
        <FormInput name="name" label={t('planning.form.name')} placeholder={t('planning.group.namePlaceholder')} autoComplete="off" />
        <FormTextarea name="description" label={t('planning.form.description')} rows={3} placeholder={t('planning.group.descriptionPlaceholder')} />
        <Field name="color" label={t('planning.bed.colour')} description={t('planning.group.colourHint')}>
          {(control) => (
            <div className="pl-color">
              <input
                type="color"
                aria-label={t('planning.group.pickColour')}
                value={form.watch('color')}
                onChange={(e) => form.setValue('color', e.target.value, { shouldDirty: true, shouldValidate: true })}
              />
              <Input {...control} {...form.register('color')} />
            </div>
          )}
        </Field>
      </Form>
    </Dialog>
  );
}

/**
 * RotationGroupsPage (/planning/crop-rotation/groups): the gardener's rotation groups, with
 * add, edit, delete (refused while a plan uses the group) and the classic groups in one click.
 */
export function RotationGroupsPage() {
  const t = useT();
  useDocumentTitle(t('planning.groups.title'));
  const groups = useGroups();
  const { deleteGroup, seedClassic, pending } = useRotationWrites();
  const { toast } = useToast();
  const [editing, setEditing] = useState<RotationGroup | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<RotationGroup | null>(null);
  const open = (g: RotationGroup | null) => {
    setEditing(g);
    setFormOpen(true);
  };
  const seed = async () => {
    try {
      const { created } = await seedClassic();
      toast({
        title: created ? t('planning.groups.seeded') : t('planning.groups.nothingToAdd'),
        description: created ? t('planning.groups.seededText', { count: created }) : t('planning.groups.allThere'),
        variant: 'success',
      });
    } catch (error) {
      toast({ title: t('planning.groups.seedFailed'), description: getErrorMessage(error, t('planning.tryAgain')), variant: 'destructive' });
    }
  };
  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteGroup(deleting.id);
      toast({ title: t('planning.group.deleted'), description: deleting.name, variant: 'success' });
    } catch (error) {
      toast({ title: t('planning.group.deleteFailed'), description: getErrorMessage(error, t('planning.tryAgain')), variant: 'destructive' });
    }
    setDeleting(null);
  };
  const actions = (
    <>
      <Button variant="outline" icon={<Sparkles size={16} aria-hidden="true" />} onClick={() => void seed()} loading={pending && !deleting}>
        {t('planning.groups.addClassic')}
      </Button>
      <Button icon={<Plus size={18} aria-hidden="true" />} onClick={() => open(null)}>
        {t('planning.group.add')}
      </Button>
    </>
  );
  return (
    <div className="pl-page">
      <Link className="pl-back" to="/planning/crop-rotation">
        <ArrowLeft size={16} aria-hidden="true" /> {t('nav.cropRotation')}
      </Link>
      <PageHeader title={t('planning.groups.title')} description={t('planning.groups.pageDescription')} actions={actions} />
      <Card>
        <CardBody>
          <ListStates
            query={groups}
            isEmpty={groups.items.length === 0}
            loading={{ label: t('planning.groups.loading'), rows: 5, height: 56 }}
            errorTitle={t('planning.groups.loadFailed')}
            empty={{
              icon: <Palette size={26} />,
              title: t('planning.groups.none'),
              text: t('planning.groups.noneText'),
              action: actions,
            }}
            pager={groups}
          >
            <ul className="pl-group-list" aria-label={t('planning.groups.label')}>
              {groups.items.map((g) => (
                <li key={g.id} className="pl-group-list__item">
                  <GroupDot color={g.color} size={18} />
                  <div className="pl-group-list__text">
                    <span className="pl-groups__name">{g.name}</span>
                    {g.description ? <span className="pl-groups__text">{g.description}</span> : null}
                  </div>
                  <Button variant="ghost" size="icon" aria-label={t('planning.group.editName', { name: g.name })} onClick={() => open(g)}>
                    <Pencil size={16} aria-hidden="true" />
                  </Button>
                  <Button variant="ghost" size="icon" aria-label={t('planning.group.deleteName', { name: g.name })} onClick={() => setDeleting(g)}>
                    <Trash size={16} aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          </ListStates>
        </CardBody>
      </Card>
      <GroupDialog group={editing} open={formOpen} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => {
          if (!o && !pending) setDeleting(null);
        }}
        title={deleting ? t('planning.group.deleteTitle', { name: deleting.name }) : t('planning.group.deleteAny')}
        description={t('planning.group.deleteText')}
        confirmLabel={t('planning.card.delete')}
        destructive
        pending={pending}
        onConfirm={() => void remove()}
      />
    </div>
  );
}
