import type { Course, Resource } from '@tsunagu/contracts';
import { cellKey } from './unlinks-api';

/**
 * The resource × course grid: a ticked box means the resource can do the course. The first
 * column stays put while the grid scrolls sideways inside its own frame (390 px phones).
 */
export function MatrixGrid(props: {
  resources: readonly Resource[];
  courses: readonly Course[];
  unlinked: ReadonlySet<string>;
  canWrite: boolean;
  onToggle: (resourceId: number, courseId: number) => void;
}) {
  const { resources, courses, unlinked, canWrite, onToggle } = props;
  return (
    <>
      <p className="salon-matrix__hint">表は横にスクロールできます。</p>
      <div
        className="salon-matrix"
        role="region"
        aria-label="対応コースの表（横にスクロールできます）"
        tabIndex={0}
      >
        <table className="salon-matrix__table">
          <thead>
            <tr>
              <th scope="col" className="salon-matrix__corner">
                リソース ＼ コース
              </th>
              {courses.map((course) => (
                <th key={course.id} scope="col" className="salon-matrix__course">
                  {course.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {resources.map((resource) => (
              <tr key={resource.id}>
                <th scope="row" className="salon-matrix__resource">
                  {resource.name}
                </th>
                {courses.map((course) => {
                  const able = !unlinked.has(cellKey(resource.id, course.id));
                  return (
                    <td key={course.id} className="salon-matrix__cell">
                      {canWrite ? (
                        <input
                          type="checkbox"
                          checked={able}
                          aria-label={`${resource.name}：${course.name}`}
                          onChange={() => onToggle(resource.id, course.id)}
                        />
                      ) : (
                        // Read-only: a mark that reads well, not a greyed-out checkbox.
                        <span
                          className={`salon-matrix__mark${able ? ' is-able' : ''}`}
                          role="img"
                          aria-label={`${resource.name}：${course.name}（${able ? '対応可' : '対応不可'}）`}
                        >
                          {able ? '○' : '－'}
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
