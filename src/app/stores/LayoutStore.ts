import { action, makeObservable, observable } from 'mobx';

/** Layout state shared by the header's menu button and the slide-out menu. */
export class LayoutStore {
  menuOpen = false;

  constructor() {
    makeObservable(this, { menuOpen: observable, setMenuOpen: action });
  }

  setMenuOpen(open: boolean): void {
    this.menuOpen = open;
  }
}
