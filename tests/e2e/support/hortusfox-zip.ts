// A HortusFox backup as its BackupModule writes one (a folder entry per section, photos under
// <section>/img/, the rows as data.json), packed as a plain stored zip: the e2e tests need no
// zip library for it.

import { crc32 } from 'node:zlib';

/** zipStored packs files (name → bytes; a name ending in "/" is a folder) without compression. */
export function zipStored(files: [string, Buffer][]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of files) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    locals.push(local, nameBytes, data);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x0800, 8);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(data.length, 20);
    dir.writeUInt32LE(data.length, 24);
    dir.writeUInt16LE(nameBytes.length, 28);
    dir.writeUInt32LE(name.endsWith('/') ? 0x10 : 0, 38);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...central, end]);
}

/** hortusFoxBackup is a household of two plants (one with a photo), a gallery photo and a task. */
export function hortusFoxBackup(photo: Buffer): Buffer {
  const json = (v: unknown) => Buffer.from(JSON.stringify(v));
  return zipStored([
    ['locations/', Buffer.alloc(0)],
    ['locations/data.json', json([{ id: '1', name: 'Sunroom', icon: 'fas fa-sun', active: '1', created_at: '2024-03-01 09:00:00' }])],
    ['plants/', Buffer.alloc(0)],
    ['plants/img/', Buffer.alloc(0)],
    ['plants/img/8d1f0c2a.png', photo],
    [
      'plants/data.json',
      json([
        { id: '1', name: 'Imported Calathea', scientific_name: 'Goeppertia orbifolia', location: '1', photo: '8d1f0c2a.png', notes: 'Rainwater only', created_at: '2024-03-02 10:00:00' },
        { id: '2', name: 'Imported Snake Plant', scientific_name: 'Dracaena trifasciata', location: '1', photo: '', created_at: '2024-03-03 10:00:00' },
      ]),
    ],
    ['gallery/', Buffer.alloc(0)],
    ['gallery/img/', Buffer.alloc(0)],
    ['gallery/img/g_8d1f0c2a.png', photo],
    ['gallery/data.json', json([{ id: '1', plant: '1', author: '1', thumb: 'g_8d1f0c2a.png', original: 'g_8d1f0c2a.png', label: 'A new leaf', created_at: '2025-05-01 10:00:00' }])],
    ['tasks/', Buffer.alloc(0)],
    ['tasks/data.json', json([{ id: '1', title: 'Mist the Imported Calathea', description: '', due_date: null, recurring_time: '3', recurring_scope: 'days', done: '0', created_at: '2025-01-01 10:00:00' }])],
    ['inventory/', Buffer.alloc(0)],
    ['inventory/data.json', json([{ id: '1', name: 'Mister bottle', group_ident: 'tools', photo: '', amount: '1', created_at: '2024-01-01 10:00:00' }])],
  ]);
}
