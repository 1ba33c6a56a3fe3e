// Deterministic data for the timeline benchmark: 50 resources with 2,000 reservations on one
// day, and 200 resources with 5,000 shifts in one week (issue 11).
export const DAY = '2030-04-15'; // a Monday
export const WEEK = Array.from({ length: 7 }, (_, index) =>
  new Date(Date.parse(`${DAY}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10),
);

function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const time = (minutes) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export function resources(count) {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `スタッフ ${index + 1}`,
    kind: 'staff',
    description: '',
    nomination_fee: 0,
    color: ['#e53e3e', '#3182ce', '#38a169', '#d69e2e', '#805ad5'][index % 5],
    is_public: true,
    order: index + 1,
  }));
}

export const STATUSES = [
  { id: 1, key: 'requested', name: 'リクエスト中', color: '#d69e2e', holds_slot: true },
  { id: 2, key: 'confirmed', name: '予約確定', color: '#2f855a', holds_slot: true },
  { id: -1, key: 'cancelled', name: 'キャンセル', color: '#a0aec0', holds_slot: false },
  { id: -2, key: 'denied', name: 'お断り', color: '#c53030', holds_slot: false },
];
export const COURSES = [
  {
    id: 1,
    name: 'カット',
    description: '',
    duration: 60,
    price: 4950,
    color: '#4299e1',
    is_public: true,
    order: 1,
  },
  {
    id: 2,
    name: 'カラー',
    description: '',
    duration: 90,
    price: 8800,
    color: '#ed8936',
    is_public: true,
    order: 2,
  },
];

export function dayReservations(resourceCount = 50, count = 2_000) {
  const random = generator(20_300_415);
  return Array.from({ length: count }, (_, index) => {
    const start = 9 * 60 + Math.floor(random() * 132) * 5; // 9:00 … 19:55
    const length = (6 + Math.floor(random() * 19)) * 5; // 30 … 120 minutes
    const status = random() < 0.9 ? 2 : random() < 0.5 ? 1 : -1;
    return {
      id: index + 1,
      salon_id: 1,
      name: `お客様 ${index + 1}`,
      comment: '',
      contact_address: '',
      course_id: 1 + (index % 2),
      member_id: null,
      member: null,
      date: DAY,
      from: time(start),
      to: time(Math.min(start + length, 21 * 60)),
      salon_resource_id: 1 + (index % resourceCount),
      sub_resource_ids: [],
      resource_fee_is_charged: false,
      meta_data: { memo: '' },
      status,
      status_label: STATUSES.find((entry) => entry.id === status).name,
      visit_status: 0,
      is_attended: false,
      checked_at: null,
      shift_override: false,
      source: 'manager',
      change_child: null,
      cancel_child: null,
      created_at: '2030-04-01T00:00:00.000Z',
      updated_at: '2030-04-01T00:00:00.000Z',
    };
  });
}

export function weekShifts(resourceCount = 200, count = 5_000) {
  const random = generator(20_300_416);
  return Array.from({ length: count }, (_, index) => {
    const date = WEEK[Math.floor(random() * 7)];
    const start = (8 + Math.floor(random() * 6)) * 60;
    const resource = 1 + (index % resourceCount);
    return {
      id: index + 1,
      start_date: date,
      _date: date,
      dirty_date: null,
      repeat: 'none',
      from: time(start),
      to: time(start + 4 * 60 + Math.floor(random() * 5) * 60),
      salon_resource_id: resource,
      description: '',
      patch_type: null,
      expired_at: null,
      self_id: `${index + 1}_${date}`,
    };
  });
}
