import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useEffect, useRef, useState } from 'react';

const SEARCH_DELAY_MS = 400;

interface SearchBoxProps {
  /** the search the list shows now (from the URL) */
  value: string;
  /** called after a pause in typing */
  onSearch: (value: string) => void;
  label: string;
  placeholder?: string;
  maxWidth?: number;
}

/**
 * A search field whose text is shown at once and reaches the list (the URL, and so the server)
 * after a pause in typing. When the URL changes by itself (back button), the field follows it.
 */
export function SearchBox({ value, onSearch, label, placeholder, maxWidth = 360 }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  // the latest callback, so that a new function on each render does not restart the pause
  const send = useRef(onSearch);
  send.current = onSearch;
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text.trim() === sent.current.trim()) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      send.current(text.trim());
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <Input
      type="search"
      allowClear
      aria-label={label}
      placeholder={placeholder}
      prefix={<SearchOutlined aria-hidden />}
      style={{ maxWidth }}
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
