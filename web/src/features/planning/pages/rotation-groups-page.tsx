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
import { useDocumentTitle } from '@/lib/use-document-title';
import { DEFAULT_GROUP_COLOR, groupSchema, useGroups, useRotationWrites, type GroupFields } from '../api/rotation';
import type { RotationGroup } from '../api/types';
import { GroupDot } from '../components/group-dot';
import '../planning.css';

function GroupDialog({ group, open, onClose }: { group: RotationGroup | null; open: boolean; onClose: () => void }) {
  const formId = useId();
  const { createGroup, updateGroup, pending } = useRotationWrites();
  const { toast } = useToast();
  const form = useZodForm(groupSchema, {
    values: { name: group?.name ?? '', description: group?.description ?? '', color: group?.color || DEFAULT_GROUP_COLOR },
  });
  const submit = async (values: GroupFields) => {
    if (group) await updateGroup(group.id, values);
    else await createGroup(values);
    toast({ title: group ? 'Group updated' : 'Group added', description: values.name, variant: 'success' });
    onClose();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={group ? 'Edit Group' : 'Add Group'}
      description="A family of crops that moves through the beds together."
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {group ? 'Save Group' : 'Add Group'}
          </Button>
        </>
      }
    >
      <Form
        id={formId}
        form={form}
        onSubmit={submit}
        onSubmitError={(error) =>
          toast({ title: 'Could not save the group', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' })
        }
        className="pl-form"
      >
        <FormInput name="name" label="Name" placeholder="Legumes" autoComplete="off" />
        <FormTextarea name="description" label="Description" rows={3} placeholder="Peas and beans" />
        <Field name="color" label="Colour" description="Cells and beds of this group are drawn in it.">
          {(control) => (
            <div className="pl-color">
              <input
                type="color"
                aria-label="Pick a colour"
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
  useDocumentTitle('Rotation Groups');
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
        title: created ? 'Classic groups added' : 'Nothing to add',
        description: created ? `${created} groups were added.` : 'You already have every classic group.',
        variant: 'success',
      });
    } catch (error) {
      toast({ title: 'Could not add the groups', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  };
  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteGroup(deleting.id);
      toast({ title: 'Group deleted', description: deleting.name, variant: 'success' });
    } catch (error) {
      toast({ title: 'Could not delete the group', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
    setDeleting(null);
  };
  const actions = (
    <>
      <Button variant="outline" icon={<Sparkles size={16} aria-hidden="true" />} onClick={() => void seed()} loading={pending && !deleting}>
        Add classic groups
      </Button>
      <Button icon={<Plus size={18} aria-hidden="true" />} onClick={() => open(null)}>
        Add Group
      </Button>
    </>
  );
  return (
    <div className="pl-page">
      <Link className="pl-back" to="/planning/crop-rotation">
        <ArrowLeft size={16} aria-hidden="true" /> Crop Rotation
      </Link>
      <PageHeader title="Rotation Groups" description="The crop families your plans rotate. Yours alone." actions={actions} />
      <Card>
        <CardBody>
          <ListStates
            query={groups}
            isEmpty={groups.items.length === 0}
            loading={{ label: 'Loading rotation groups…', rows: 5, height: 56 }}
            errorTitle="Failed to load rotation groups"
            empty={{
              icon: <Palette size={26} />,
              title: 'No rotation groups defined.',
              text: 'Start with the classic four (and Solanaceae), or add your own.',
              action: actions,
            }}
            pager={groups}
          >
            <ul className="pl-group-list" aria-label="Rotation groups">
              {groups.items.map((g) => (
                <li key={g.id} className="pl-group-list__item">
                  <GroupDot color={g.color} size={18} />
                  <div className="pl-group-list__text">
                    <span className="pl-groups__name">{g.name}</span>
                    {g.description ? <span className="pl-groups__text">{g.description}</span> : null}
                  </div>
                  <Button variant="ghost" size="icon" aria-label={`Edit ${g.name}`} onClick={() => open(g)}>
                    <Pencil size={16} aria-hidden="true" />
                  </Button>
                  <Button variant="ghost" size="icon" aria-label={`Delete ${g.name}`} onClick={() => setDeleting(g)}>
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
        title={deleting ? `Delete ${deleting.name}?` : 'Delete group?'}
        description="A group used in a rotation plan cannot be deleted: remove it from the plans first."
        confirmLabel="Delete"
        destructive
        pending={pending}
        onConfirm={() => void remove()}
      />
    </div>
  );
}
