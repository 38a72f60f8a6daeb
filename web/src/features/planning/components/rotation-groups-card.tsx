import { Palette } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ListStates } from '@/components/ui/list-states';
import { useGroups } from '../api/rotation';
import { GroupDot } from './group-dot';

/** RotationGroupsCard: the crop rotation list's side card (spec 02 §2) with Manage Groups. */
export function RotationGroupsCard() {
  const groups = useGroups();
  return (
    <Card>
      <CardHeader
        title="Rotation Groups"
        icon={<Palette size={18} />}
        actions={
          <Link className={buttonClass('outline', 'sm')} to="/planning/crop-rotation/groups">
            Manage Groups
          </Link>
        }
      />
      <CardBody>
        <ListStates
          compact
          query={groups}
          isEmpty={groups.items.length === 0}
          loading={{ label: 'Loading rotation groups…', rows: 4, height: 36 }}
          errorTitle="Failed to load rotation groups"
          empty={{ title: 'No rotation groups defined.', text: 'Add the classic groups or your own under Manage Groups.' }}
          pager={groups}
        >
          <ul className="pl-groups" aria-label="Rotation groups">
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
