/** The plain records the catalogue is drawn from and the builds are later drawn against. */

/** `core`: the fixed base ports; `generic`: any other C-ish port; the rest: language modules. */
export type Family = 'core' | 'generic' | 'py' | 'p5' | 'rb' | 'R' | 'php' | 'hs';

export interface PortRec {
  name: string;
  family: Family;
  /** family stem (py-<stem>), or the name itself */
  stem: string;
  /** language version of a subport: "312", "5.34", "33", "83"; "" for parents and others */
  lv: string;
  /** index of the group (parent + subports) this port belongs to */
  group: number;
  isParent: boolean;
  version: string;
  cat: string;
}

export interface Group {
  family: Family;
  stem: string;
  /** language versions of the subports (py: "39".."313", p5: "5.28".."5.34", ...) */
  lvs: string[];
  /** port index of each subport, parallel to lvs (-1 if cut off by the port limit) */
  ports: number[];
  parent: number;
}
