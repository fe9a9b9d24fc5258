package com.example.orders;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.source.ReadBuilder;

import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Service;

@Service
public class OrderReader {

    private final Table orders;                  // the paimon.tables.orders bean

    public OrderReader(@Qualifier("orders") Table orders) {
        this.orders = orders;
    }

    /** Every order as "order_id dt amount". */
    public List<String> all() {
        ReadBuilder read = this.orders.newReadBuilder();
        List<String> rows = new ArrayList<>();
        try (RecordReader<InternalRow> reader = read.newRead().createReader(read.newScan().plan())) {
            reader.forEachRemaining((row) -> rows.add(row.getLong(0) + " " + row.getString(1) + " "
                    + (row.isNullAt(2) ? "null" : row.getDecimal(2, 10, 2).toBigDecimal())));
        }
        catch (IOException ex) {
            throw new UncheckedIOException("Reading table 'shop.orders' failed", ex);
        }
        return rows;
    }
}
