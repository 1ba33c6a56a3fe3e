import { generatePath } from 'react-router';
import { pagePaths } from '@/config/paths';

/** SegmentSetting's id is a segment id, or `new` for a new segment (as TagSetting, ADR 0123). */
export const NEW_SEGMENT_ID = 'new';

export const segmentPaths = {
  list: pagePaths.SegmentList,
  edit: (id: number | typeof NEW_SEGMENT_ID) =>
    generatePath(pagePaths.SegmentSetting, { id: String(id) }),
};
