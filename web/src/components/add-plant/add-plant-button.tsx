import { Plus } from 'lucide-react';
import { useState } from 'react';
import { usePlantLimit } from '@/api/plants/get-plant-limit';
import { Button, type ButtonProps } from '@/components/ui/button';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { withAreaTexts } from '@/lib/i18n/area-texts';
import { useT } from '@/lib/i18n/provider';

// Loaded when first opened: the form and its schema stay out of the pages that only offer it,
// and its texts (the plants area's and the shared components') out of the core catalogue.
const AddPlantDialog = lazyDialog(() => withAreaTexts('plants', import('./add-plant-dialog')).then((m) => m.AddPlantDialog));

/**
 * AddPlantButton opens the Add New Plant dialog. When the plant limit is reached it is
 * disabled and reads "Plant limit reached" (spec 01 §2).
 */
export function AddPlantButton({
  label,
  variant = 'primary',
  size,
}: {
  label?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}) {
  const t = useT();
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
        {blocked ? t('plants.limitReached') : (label ?? t('plants.addNew'))}
      </Button>
      <AddPlantDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
