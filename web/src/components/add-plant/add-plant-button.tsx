import { Plus } from 'lucide-react';
import { useState } from 'react';
import { usePlantLimit } from '@/api/plants/get-plant-limit';
import { Button, type ButtonProps } from '@/components/ui/button';
import { lazyDialog } from '@/components/ui/lazy-dialog';

// Loaded when first opened: the form and its schema stay out of the pages that only offer it.
const AddPlantDialog = lazyDialog(() => import('./add-plant-dialog').then((m) => m.AddPlantDialog));

/**
 * AddPlantButton opens the Add New Plant dialog. When the plant limit is reached it is
 * disabled and reads "Plant limit reached" (spec 01 §2).
 */
export function AddPlantButton({
  label = 'Add New Plant',
  variant = 'primary',
  size,
}: {
  label?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}) {
  const [open, setOpen] = useState(false);
  const limit = usePlantLimit();
  const blocked = limit.data ? !limit.data.canAddPlant : false;
  return (
    <>
      <Button
        variant={variant}
        size={size}
        disabled={blocked}
        icon={<Plus size={18} aria-hidden="true" />}
        onClick={() => setOpen(true)}
      >
        {blocked ? 'Plant limit reached' : label}
      </Button>
      <AddPlantDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
