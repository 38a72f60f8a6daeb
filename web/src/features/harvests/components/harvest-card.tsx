import { CalendarDays, Gift, MapPin, MoreVertical, Pencil, Scale, Trash, Wheat } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '@/api/client';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DropdownMenu, DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { useToast } from '@/components/ui/toast';
import { formatDate } from '@/lib/dates';
import { useT } from '@/lib/i18n/provider';
import { useDeleteHarvest } from '../api/delete-harvest';
import type { Harvest } from '../api/types';
import { bedLabel, formatQuantity, harvestName, shareSurplusUrl } from './format';

/**
 * HarvestCard: one record of the list (spec 02 §2) — image, plant name (Unnamed Harvest
 * when none), date, quantity with unit or Not specified, the bed it came from, notes, and a
 * menu with Edit Record, Share surplus and Delete Record (after a confirmation).
 */
export function HarvestCard({ harvest, plantType }: { harvest: Harvest; plantType?: string | null }) {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteHarvest();
  const { toast } = useToast();
  const t = useT();
  const name = harvestName(harvest);
  const measured = harvest.quantity !== null && harvest.quantity !== undefined;
  const bed = bedLabel(harvest);

  const onDelete = async () => {
    try {
      await remove.trigger(harvest.id);
      toast({ title: t('harvests.card.deleted'), variant: 'success' });
    } catch (error) {
      toast({ title: t('harvests.card.deleteFailed'), description: getErrorMessage(error, t('harvests.tryAgain')), variant: 'destructive' });
    }
    setConfirming(false);
  };

  return (
    <article className="harvest-card" aria-labelledby={`${id}-name`}>
      {harvest.imageUrl ? (
        <img className="harvest-card__image" src={harvest.imageUrl} alt={name} loading="lazy" />
      ) : (
        <span className="harvest-card__image harvest-card__image--empty" aria-hidden="true">
          <Wheat size={26} />
        </span>
      )}
      <div className="harvest-card__body">
        <div className="harvest-card__top">
          <h2 className="harvest-card__name title-link" id={`${id}-name`}>
            {harvest.plantId ? <Link to={`/plants/${harvest.plantId}`}>{name}</Link> : name}
          </h2>
          <DropdownMenu
            trigger={
              <Button variant="ghost" size="icon" aria-label={t('harvests.card.actions', { name, date: formatDate(harvest.harvestDate) })}>
                <MoreVertical size={18} aria-hidden="true" />
              </Button>
            }
          >
            <DropdownMenuItem asChild>
              <Link to={`/planning/harvest-tracking/${harvest.id}/edit`}>
                <span className="menu__icon" aria-hidden="true">
                  <Pencil size={16} />
                </span>
                {t('harvests.card.edit')}
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to={shareSurplusUrl(harvest, plantType)}>
                <span className="menu__icon" aria-hidden="true">
                  <Gift size={16} />
                </span>
                {t('harvests.card.share')}
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem destructive icon={<Trash size={16} />} onSelect={() => setConfirming(true)}>
              {t('harvests.card.delete')}
            </DropdownMenuItem>
          </DropdownMenu>
        </div>
        <div className="harvest-card__meta">
          <span className="harvest-card__date">
            <CalendarDays size={14} aria-hidden="true" />
            <time dateTime={harvest.harvestDate}>{formatDate(harvest.harvestDate)}</time>
          </span>
          <span className={measured ? 'harvest-card__qty' : 'harvest-card__qty harvest-card__qty--none'}>
            <Scale size={14} aria-hidden="true" />
            {formatQuantity(harvest)}
          </span>
          {bed ? (
            <span className="harvest-card__bed">
              <MapPin size={14} aria-hidden="true" />
              <span className="visually-hidden">{t('harvests.card.bed')} </span>
              {bed}
            </span>
          ) : null}
        </div>
        {harvest.notes ? <p className="harvest-card__notes">{harvest.notes}</p> : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('harvests.card.delete')}
        description={t('harvests.card.deleteText', { name, date: formatDate(harvest.harvestDate) })}
        confirmLabel={t('harvests.card.delete')}
        pending={remove.isMutating}
        onConfirm={() => void onDelete()}
      />
    </article>
  );
}
