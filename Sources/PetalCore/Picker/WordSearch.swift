import Glibc

/// Finding one folded word (``FoldedText``) in a stretch of folded text,
/// byte by byte: as a substring, or as a subsequence of its scalars.
///
/// Both are valid UTF-8, in which no scalar's bytes occur inside another's,
/// so a scalar's bytes found together are that scalar.
enum WordSearch {
    /// Whether `word` occurs in `text[from..<to]`: each place its first byte
    /// is found (by `memchr`), its last byte checked, then the rest.
    @inline(__always)
    static func contains(
        _ word: UnsafeBufferPointer<UInt8>, in text: UnsafePointer<UInt8>, from: Int, to: Int
    ) -> Bool {
        let count = word.count
        guard count > 0 else { return true }
        guard let first = word.first, to - from >= count else { return false }
        let last = to - count
        var position = from
        while position <= last {
            guard let found = memchr(text + position, Int32(first), last - position + 1) else { return false }
            position = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - text
            if count == 1
                || text[position &+ count &- 1] == word[count &- 1]
                    && memcmp(text + position + 1, word.baseAddress! + 1, count - 2) == 0
            {
                return true
            }
            position += 1
        }
        return false
    }

    /// Where the first occurrence of `word`'s scalars in order in
    /// `text[from..<to]` ends (each taken as early as it can be); nil when
    /// there is none.
    static func subsequenceEnd(
        of word: UnsafeBufferPointer<UInt8>, in text: UnsafePointer<UInt8>, from: Int, to: Int
    ) -> Int? {
        guard to &- from >= word.count else { return nil }
        var matched = 0
        var position = from
        while matched < word.count {
            let lead = word[matched]
            let length = UTF8Length.ofScalar(startingWith: lead)
            while true {
                let room = to &- length &- position &+ 1
                guard room > 0, let found = memchr(text + position, Int32(lead), room) else { return nil }
                position = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - text
                if length == 1 || scalar(at: matched, of: word, isAt: position, in: text) { break }
                position &+= 1
            }
            position &+= length
            matched &+= length
        }
        return position
    }

    /// Where the last occurrence of `word`'s scalars in order in
    /// `text[from..<end]` starts, taking each as late as it can be, from the
    /// last: `end` being a ``subsequenceEnd(of:in:from:to:)``, there is one.
    static func subsequenceStart(
        of word: UnsafeBufferPointer<UInt8>, in text: UnsafePointer<UInt8>, from: Int, end: Int
    ) -> Int {
        var unmatched = word.count
        var position = end
        while unmatched > 0 {
            var scalarStart = unmatched - 1
            while scalarStart > 0 && UTF8Length.isContinuation(word[scalarStart]) { scalarStart -= 1 }
            let length = unmatched - scalarStart
            position -= length
            let lead = word[scalarStart]
            while position > from
                && (text[position] != lead || !scalar(at: scalarStart, of: word, isAt: position, in: text))
            {
                position &-= 1
            }
            unmatched = scalarStart
        }
        return position
    }

    /// Whether the scalar of `word` starting at byte `index` is the one at `position` in `text`.
    @inline(__always)
    static func scalar(
        at index: Int, of word: UnsafeBufferPointer<UInt8>, isAt position: Int, in text: UnsafePointer<UInt8>
    ) -> Bool {
        let length = UTF8Length.ofScalar(startingWith: word[index])
        for offset in 0..<length where text[position + offset] != word[index + offset] { return false }
        return true
    }
}

/// The lengths UTF-8's lead bytes announce.
enum UTF8Length {
    /// How many bytes the scalar starting with `lead` takes; 1 for a byte that starts none.
    @inline(__always)
    static func ofScalar(startingWith lead: UInt8) -> Int {
        switch lead {
        case 0xC0...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF7: 4
        default: 1
        }
    }

    /// Whether `byte` continues a scalar rather than starting one.
    @inline(__always)
    static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
}
