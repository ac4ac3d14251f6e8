import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface Tile {
  to: string;
  label: string;
  description?: string;
  icon: ReactNode;
}

/** Big touch-friendly links, one per card (the compact home screens). */
export function TileLinks({ tiles, label }: { tiles: Tile[]; label: string }) {
  return (
    <nav aria-label={label}>
      <ul className="oqu-tiles">
        {tiles.map((tile) => (
          <li key={tile.to}>
            <Link to={tile.to} className="oqu-tile" data-testid={`tile-${tile.to.slice(1)}`}>
              <TileContent tile={tile} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function TileContent({ tile }: { tile: Tile }) {
  return (
    <>
      <span className="oqu-tile-icon" aria-hidden="true">
        {tile.icon}
      </span>
      <span className="oqu-tile-text">
        <span className="oqu-tile-label">{tile.label}</span>
        {tile.description && <span className="oqu-tile-description">{tile.description}</span>}
      </span>
    </>
  );
}
