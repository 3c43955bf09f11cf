/// Rows printed in aligned columns under an upper-case header, as
/// `systemctl list-units` does; a header of empty names is not printed.
struct TextTable {
    let header: [String]
    var rows: [[String]] = []

    init(_ header: String...) { self.header = header }

    mutating func add(_ row: String...) { rows.append(row) }

    /// The table, one line each; the last column is not padded.
    var text: String {
        let all = (header.allSatisfy(\.isEmpty) ? [] : [header]) + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(to: widths[column])
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}

extension String {
    /// The string followed by spaces up to `width` characters.
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
