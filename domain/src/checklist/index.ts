/** The admin's check list: one stream per item (stream type 'checklist'). */
export * from './checkListEvents.ts';
export * from './checkListSchemas.ts';
export * from './checkList.ts';
