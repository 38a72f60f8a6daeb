import { Palette } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ListStates } from '@/components/ui/list-states';
import { useT } from '@/lib/i18n/provider';
import { useGroups } from '../api/rotation';
import { GroupDot } from './group-dot';

/** RotationGroupsCard: the crop rotation list's side card (spec 02 §2) with Manage Groups. */
export function RotationGroupsCard() {
  const t = useT();
  const groups = useGroups();
  return (
    <Card>
      <CardHeader
        title={t('planning.groups.title')}
        icon={<Palette size={18} />}
        actions={
          <Link className={buttonClass('outline', 'sm')} to="/planning/crop-rotation/groups">
            {t('planning.groups.manage')}
          </Link>
        }
      />
      <CardBody>
        <ListStates
          compact
          query={groups}
          isEmpty={groups.items.length === 0}
          loading={{ label: t('planning.groups.loading'), rows: 4, height: 36 }}
          errorTitle={t('planning.groups.loadFailed')}
          empty={{ title: t('planning.groups.none'), text: t('planning.groups.noneCardText') }}
          pager={groups}
        >
          <ul className="pl-groups" aria-label={t('planning.groups.label')}>
            {groups.items.map((g) => (
              <li key={g.id} className="pl-groups__item">
                <GroupDot color={g.color} />
                <div>
                  <span className="pl-groups__name">{g.name}</span>
                  {g.description ? <span className="pl-groups__text">{g.description}</span> : null}
                </div>
              </li>
            ))}
          </ul>
        </ListStates>
      </CardBody>
    </Card>
  );
}
