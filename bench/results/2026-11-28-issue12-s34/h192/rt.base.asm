TEXT github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).ReserveTiers(SB) /tmp/s34/h192/base/cache/decide.go
  decide.go:124		0x5feb60		4c8da42438fdffff	LEAQ 0xfffffd38(SP), R12							
  decide.go:124		0x5feb68		4d3b6610		CMPQ R12, 0x10(R14)								
  decide.go:124		0x5feb6c		0f86341a0000		JBE 0x6005a6									
  decide.go:124		0x5feb72		55			PUSHQ BP									
  decide.go:124		0x5feb73		4889e5			MOVQ SP, BP									
  decide.go:124		0x5feb76		4881ec40030000		SUBQ $0x340, SP									
  decide.go:124		0x5feb7d		48898c2478030000	MOVQ CX, 0x378(SP)								
  decide.go:124		0x5feb85		4889b42488030000	MOVQ SI, 0x388(SP)								
  decide.go:127		0x5feb8d		4889842468030000	MOVQ AX, 0x368(SP)								
  decide.go:127		0x5feb95		48899c2470030000	MOVQ BX, 0x370(SP)								
  decide.go:127		0x5feb9d		4c898c2498030000	MOVQ R9, 0x398(SP)								
  decide.go:127		0x5feba5		44889c24a8030000	MOVB R11, 0x3a8(SP)								
  decide.go:127		0x5febad		4c89842478020000	MOVQ R8, 0x278(SP)								
  decide.go:127		0x5febb5		4889b42438030000	MOVQ SI, 0x338(SP)								
  decide.go:127		0x5febbd		4889bc2470020000	MOVQ DI, 0x270(SP)								
  decide.go:127		0x5febc5		48898c2430030000	MOVQ CX, 0x330(SP)								
  decide.go:126		0x5febcd		8403			TESTB AL, 0(BX)									
  decide.go:125		0x5febcf		498b11			MOVQ 0(R9), DX									
  decide.go:125		0x5febd2		48899424e0020000	MOVQ DX, 0x2e0(SP)								
  decide.go:125		0x5febda		4d8b6108		MOVQ 0x8(R9), R12								
  decide.go:125		0x5febde		4c89a424e0000000	MOVQ R12, 0xe0(SP)								
  decide.go:125		0x5febe6		4d8b6910		MOVQ 0x10(R9), R13								
  decide.go:125		0x5febea		4c89ac24e8000000	MOVQ R13, 0xe8(SP)								
  decide.go:125		0x5febf2		450fb67920		MOVZX 0x20(R9), R15								
  decide.go:125		0x5febf7		44887c2472		MOVB R15, 0x72(SP)								
  decide.go:127		0x5febfc		4d85d2			TESTQ R10, R10									
  decide.go:128		0x5febff		41bb00000000		MOVL $0x0, R11									
  decide.go:128		0x5fec05		4d0f4cd3		CMOVL R11, R10									
  decide.go:128		0x5fec09		4c89942468020000	MOVQ R10, 0x268(SP)								
  decide.go:126		0x5fec11		833d7883570000		CMPL runtime.writeBarrier(SB), $0x0						
  decide.go:126		0x5fec18		746c			JE 0x5fec86									
  decide.go:126		0x5fec1a		8403			TESTB AL, 0(BX)									
  decide.go:126		0x5fec1c		488d055df01e00		LEAQ 0x1ef05d(IP), AX								
  decide.go:126		0x5fec23		e8d853e2ff		CALL runtime.wbZero(SB)								
  decide.go:129		0x5fec28		488b842468030000	MOVQ 0x368(SP), AX								
  decide.go:129		0x5fec30		488b8c2430030000	MOVQ 0x330(SP), CX								
  decide.go:134		0x5fec38		488b9424e0020000	MOVQ 0x2e0(SP), DX								
  decide.go:126		0x5fec40		488b9c2470030000	MOVQ 0x370(SP), BX								
  decide.go:129		0x5fec48		488bb42438030000	MOVQ 0x338(SP), SI								
  decide.go:129		0x5fec50		488bbc2470020000	MOVQ 0x270(SP), DI								
  decide.go:129		0x5fec58		4c8b842478020000	MOVQ 0x278(SP), R8								
  decide.go:125		0x5fec60		4c8b8c2498030000	MOVQ 0x398(SP), R9								
  decide.go:315		0x5fec68		4c8b942468020000	MOVQ 0x268(SP), R10								
  decide.go:134		0x5fec70		4c8ba424e0000000	MOVQ 0xe0(SP), R12								
  decide.go:134		0x5fec78		4c8bac24e8000000	MOVQ 0xe8(SP), R13								
  decide.go:131		0x5fec80		440fb67c2472		MOVZX 0x72(SP), R15								
  decide.go:126		0x5fec86		440f113b		MOVUPS X15, 0(BX)								
  decide.go:126		0x5fec8a		440f117b10		MOVUPS X15, 0x10(BX)								
  decide.go:126		0x5fec8f		440f117b20		MOVUPS X15, 0x20(BX)								
  decide.go:126		0x5fec94		440f117b30		MOVUPS X15, 0x30(BX)								
  decide.go:126		0x5fec99		440f117b40		MOVUPS X15, 0x40(BX)								
  decide.go:126		0x5fec9e		440f117b50		MOVUPS X15, 0x50(BX)								
  decide.go:126		0x5feca3		440f117b60		MOVUPS X15, 0x60(BX)								
  decide.go:126		0x5feca8		440f117b70		MOVUPS X15, 0x70(BX)								
  decide.go:126		0x5fecad		440f117b78		MOVUPS X15, 0x78(BX)								
  time.go:182		0x5fecb2		4c8b9c2450030000	MOVQ 0x350(SP), R11								
  time.go:182		0x5fecba		490fbae33f		BTQ $0x3f, R11									
  time.go:182		0x5fecbf		90			NOPL										
  decide.go:127		0x5fecc0		7320			JAE 0x5fece2									
  time.go:183		0x5fecc2		4f8d141b		LEAQ 0(R11)(R11*1), R10								
  time.go:183		0x5fecc6		49c1ea1f		SHRQ $0x1f, R10									
  time.go:183		0x5fecca		49bb807fb1d70d000000	MOVQ $0xdd7b17f80, R11								
  time.go:183		0x5fecd4		4d01da			ADDQ R11, R10									
  time.go:1433		0x5fecd7		4c89942498000000	MOVQ R10, 0x98(SP)								
  time.go:1433		0x5fecdf		90			NOPL										
  time.go:189		0x5fece0		eb20			JMP 0x5fed02									
  decide.go:127		0x5fece2		4889842420030000	MOVQ AX, 0x320(SP)								
  time.go:1433		0x5fecea		488b842458030000	MOVQ 0x358(SP), AX								
  time.go:1433		0x5fecf2		4889842498000000	MOVQ AX, 0x98(SP)								
  decide.go:129		0x5fecfa		488b842420030000	MOVQ 0x320(SP), AX								
  decide.go:129		0x5fed02		4889cb			MOVQ CX, BX									
  decide.go:129		0x5fed05		4889f9			MOVQ DI, CX									
  decide.go:129		0x5fed08		4889f7			MOVQ SI, DI									
  decide.go:129		0x5fed0b		4c89c6			MOVQ R8, SI									
  decide.go:129		0x5fed0e		e80d9a0000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).lookup(SB)	
  decide.go:129		0x5fed13		48898424f8020000	MOVQ AX, 0x2f8(SP)								
  decide.go:129		0x5fed1b		4889b42430010000	MOVQ SI, 0x130(SP)								
  time.go:189		0x5fed23		488b942498000000	MOVQ 0x98(SP), DX								
  time.go:189		0x5fed2b		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  time.go:189		0x5fed35		4d8d1410		LEAQ 0(R8)(DX*1), R10								
  time.go:189		0x5fed39		4c899424b8000000	MOVQ R10, 0xb8(SP)								
  decide.go:130		0x5fed41		4885db			TESTQ BX, BX									
  decide.go:130		0x5fed44		0f859b000000		JNE 0x5fede5									
  decide.go:131		0x5fed4a		440fb65c2472		MOVZX 0x72(SP), R11								
  decide.go:131		0x5fed50		4584db			TESTL R11, R11									
  decide.go:131		0x5fed53		0f8438180000		JE 0x600591									
  decide.go:134		0x5fed59		488b9424e0020000	MOVQ 0x2e0(SP), DX								
  decide.go:134		0x5fed61		48891424		MOVQ DX, 0(SP)									
  decide.go:134		0x5fed65		488b9424e0000000	MOVQ 0xe0(SP), DX								
  decide.go:134		0x5fed6d		4889542408		MOVQ DX, 0x8(SP)								
  decide.go:134		0x5fed72		488b9424e8000000	MOVQ 0xe8(SP), DX								
  decide.go:134		0x5fed7a		4889542410		MOVQ DX, 0x10(SP)								
  decide.go:134		0x5fed7f		4889c3			MOVQ AX, BX									
  decide.go:134		0x5fed82		488b8c2430030000	MOVQ 0x330(SP), CX								
  decide.go:134		0x5fed8a		488bbc2470020000	MOVQ 0x270(SP), DI								
  decide.go:134		0x5fed92		4c8b842478020000	MOVQ 0x278(SP), R8								
  decide.go:134		0x5fed9a		4989f1			MOVQ SI, R9									
  decide.go:134		0x5fed9d		488b842468030000	MOVQ 0x368(SP), AX								
  decide.go:134		0x5feda5		488bb42438030000	MOVQ 0x338(SP), SI								
  decide.go:134		0x5fedad		e8cea30000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).findOrInsert(SB)	
  decide.go:207		0x5fedb2		488b942498000000	MOVQ 0x98(SP), DX								
  decide.go:140		0x5fedba		488bb42430010000	MOVQ 0x130(SP), SI								
  decide.go:140		0x5fedc2		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  entry.go:176		0x5fedcc		4c8b9424b8000000	MOVQ 0xb8(SP), R10								
  decide.go:136		0x5fedd4		4889cf			MOVQ CX, DI									
  decide.go:136		0x5fedd7		4889d9			MOVQ BX, CX									
  decide.go:136		0x5fedda		4889c3			MOVQ AX, BX									
  decide.go:140		0x5feddd		488b8424f8020000	MOVQ 0x2f8(SP), AX								
  mutex.go:46		0x5fede5		90			NOPL										
  decide.go:129		0x5fede6		4989c1			MOVQ AX, R9									
  mutex.go:63		0x5fede9		31c0			XORL AX, AX									
  mutex.go:63		0x5fedeb		41bc01000000		MOVL $0x1, R12									
  mutex.go:63		0x5fedf1		f0440fb123		LOCK CMPXCHGL R12, 0(BX)							
  mutex.go:63		0x5fedf6		410f94c4		SETE R12									
  mutex.go:63		0x5fedfa		4584e4			TESTL R12, R12									
  mutex.go:63		0x5fedfd		7562			JNE 0x5fee61									
  decide.go:136		0x5fedff		48898c2408030000	MOVQ CX, 0x308(SP)								
  decide.go:136		0x5fee07		48899c2400030000	MOVQ BX, 0x300(SP)								
  decide.go:136		0x5fee0f		4889bc24e8020000	MOVQ DI, 0x2e8(SP)								
  mutex.go:70		0x5fee17		4889d8			MOVQ BX, AX									
  mutex.go:70		0x5fee1a		e8c1a9e9ff		CALL internal/sync.(*Mutex).lockSlow(SB)					
  decide.go:151		0x5fee1f		488b8c2408030000	MOVQ 0x308(SP), CX								
  decide.go:207		0x5fee27		488b942498000000	MOVQ 0x98(SP), DX								
  type.go:147		0x5fee2f		488b9c2400030000	MOVQ 0x300(SP), BX								
  decide.go:140		0x5fee37		488bb42430010000	MOVQ 0x130(SP), SI								
  decide.go:151		0x5fee3f		488bbc24e8020000	MOVQ 0x2e8(SP), DI								
  decide.go:151		0x5fee47		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  decide.go:140		0x5fee51		4c8b8c24f8020000	MOVQ 0x2f8(SP), R9								
  entry.go:176		0x5fee59		4c8b9424b8000000	MOVQ 0xb8(SP), R10								
  slots.go:114		0x5fee61		90			NOPL										
  type.go:147		0x5fee62		448b6320		MOVL 0x20(BX), R12								
  decide.go:137		0x5fee66		41f7c4c0000000		TESTL $0xc0, R12								
  decide.go:137		0x5fee6d		0f8494000000		JE 0x5fef07									
  decide.go:140		0x5fee73		48893424		MOVQ SI, 0(SP)									
  decide.go:140		0x5fee77		488b9424e0020000	MOVQ 0x2e0(SP), DX								
  decide.go:140		0x5fee7f		4889542408		MOVQ DX, 0x8(SP)								
  decide.go:140		0x5fee84		488b9424e0000000	MOVQ 0xe0(SP), DX								
  decide.go:140		0x5fee8c		4889542410		MOVQ DX, 0x10(SP)								
  decide.go:140		0x5fee91		488b9424e8000000	MOVQ 0xe8(SP), DX								
  decide.go:140		0x5fee99		4889542418		MOVQ DX, 0x18(SP)								
  decide.go:140		0x5fee9e		4c89542420		MOVQ R10, 0x20(SP)								
  decide.go:140		0x5feea3		488b842468030000	MOVQ 0x368(SP), AX								
  decide.go:140		0x5feeab		4889fe			MOVQ DI, SI									
  decide.go:140		0x5feeae		4c8b842430030000	MOVQ 0x330(SP), R8								
  decide.go:140		0x5feeb6		4c8b942438030000	MOVQ 0x338(SP), R10								
  decide.go:140		0x5feebe		4c8b9c2478020000	MOVQ 0x278(SP), R11								
  decide.go:140		0x5feec6		4889cf			MOVQ CX, DI									
  decide.go:140		0x5feec9		4889d9			MOVQ BX, CX									
  decide.go:140		0x5feecc		4c89cb			MOVQ R9, BX									
  decide.go:140		0x5feecf		4c8b8c2470020000	MOVQ 0x270(SP), R9								
  decide.go:140		0x5feed7		e8a4300000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).relock(SB)	
  decide.go:207		0x5feedc		488b942498000000	MOVQ 0x98(SP), DX								
  decide.go:207		0x5feee4		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  stale.go:16		0x5feeee		4c8b8c24f8020000	MOVQ 0x2f8(SP), R9								
  entry.go:176		0x5feef6		4c8b9424b8000000	MOVQ 0xb8(SP), R10								
  decide.go:151		0x5feefe		4889cf			MOVQ CX, DI									
  decide.go:151		0x5fef01		4889d9			MOVQ BX, CX									
  decide.go:151		0x5fef04		4889c3			MOVQ AX, BX									
  decide.go:151		0x5fef07		48899c2400030000	MOVQ BX, 0x300(SP)								
  decide.go:151		0x5fef0f		48898c2408030000	MOVQ CX, 0x308(SP)								
  decide.go:151		0x5fef17		4889bc24e8020000	MOVQ DI, 0x2e8(SP)								
  entry.go:176		0x5fef1f		4d85d2			TESTQ R10, R10									
  entry.go:176		0x5fef22		41bc00000000		MOVL $0x0, R12									
  entry.go:176		0x5fef28		4c89d6			MOVQ R10, SI									
  entry.go:176		0x5fef2b		4d0f4cd4		CMOVL R12, R10									
  entry.go:176		0x5fef2f		41bdffffffff		MOVL $-0x1, R13									
  entry.go:176		0x5fef35		4d39d5			CMPQ R13, R10									
  entry.go:176		0x5fef38		4d0f4cd5		CMOVL R13, R10									
  entry.go:176		0x5fef3c		44895308		MOVL R10, 0x8(BX)								
  entry.go:305		0x5fef40		440fb66b1e		MOVZX 0x1e(BX), R13								
  decide.go:152		0x5fef45		90			NOPL										
  stale.go:15		0x5fef46		90			NOPL										
  entry.go:305		0x5fef47		41f6c504		TESTL $0x4, R13									
  entry.go:176		0x5fef4b		7555			JNE 0x5fefa2									
  stale.go:16		0x5fef4d		488b842468030000	MOVQ 0x368(SP), AX								
  stale.go:16		0x5fef55		4889cf			MOVQ CX, DI									
  stale.go:16		0x5fef58		4889d9			MOVQ BX, CX									
  stale.go:16		0x5fef5b		4c89cb			MOVQ R9, BX									
  stale.go:16		0x5fef5e		6690			NOPW										
  stale.go:16		0x5fef60		e83bf30000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).markUnread(SB)	
  decide.go:163		0x5fef65		488b8c2408030000	MOVQ 0x308(SP), CX								
  decide.go:207		0x5fef6d		488b942498000000	MOVQ 0x98(SP), DX								
  decide.go:163		0x5fef75		488b9c2400030000	MOVQ 0x300(SP), BX								
  decide.go:315		0x5fef7d		488bb424b8000000	MOVQ 0xb8(SP), SI								
  decide.go:241		0x5fef85		488bbc24e8020000	MOVQ 0x2e8(SP), DI								
  decide.go:241		0x5fef8d		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  decide.go:315		0x5fef97		4c8b8c24f8020000	MOVQ 0x2f8(SP), R9								
  decide.go:315		0x5fef9f		4531e4			XORL R12, R12									
  decide.go:125		0x5fefa2		4c8bac2498030000	MOVQ 0x398(SP), R13								
  decide.go:125		0x5fefaa		4d8d7d24		LEAQ 0x24(R13), R15								
  decide.go:157		0x5fefae		488b842468030000	MOVQ 0x368(SP), AX								
  decide.go:157		0x5fefb6		660f1f840000000000	NOPW 0(AX)(AX*1)								
  decide.go:157		0x5fefbf		90			NOPL										
  decide.go:157		0x5fefc0		49394518		CMPQ 0x18(R13), AX								
  decide.go:157		0x5fefc4		0f849f000000		JE 0x5ff069									
  decide.go:158		0x5fefca		440fb6542472		MOVZX 0x72(SP), R10								
  decide.go:158		0x5fefd0		4584d2			TESTL R10, R10									
  decide.go:158		0x5fefd3		0f8486150000		JE 0x60055f									
  decide.go:162		0x5fefd9		48c744247400000000	MOVQ $0x0, 0x74(SP)								
  decide.go:163		0x5fefe2		8400			TESTB AL, 0(AX)									
  decide.go:163		0x5fefe4		488d90b0000000		LEAQ 0xb0(AX), DX								
  decide.go:163		0x5fefeb		4889d8			MOVQ BX, AX									
  decide.go:163		0x5fefee		4889cb			MOVQ CX, BX									
  decide.go:163		0x5feff1		4889d1			MOVQ DX, CX									
  decide.go:163		0x5feff4		488bbc24e0020000	MOVQ 0x2e0(SP), DI								
  decide.go:163		0x5feffc		488bb424e0000000	MOVQ 0xe0(SP), SI								
  decide.go:163		0x5ff004		4c8b8424e8000000	MOVQ 0xe8(SP), R8								
  decide.go:163		0x5ff00c		e8efc00000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.entry.sizesCode(SB)	
  decide.go:163		0x5ff011		488b1424		MOVQ 0(SP), DX									
  decide.go:163		0x5ff015		4889542474		MOVQ DX, 0x74(SP)								
  decide.go:262		0x5ff01a		488b8c2408030000	MOVQ 0x308(SP), CX								
  decide.go:207		0x5ff022		488b942498000000	MOVQ 0x98(SP), DX								
  decide.go:341		0x5ff02a		488b9c2400030000	MOVQ 0x300(SP), BX								
  decide.go:315		0x5ff032		488bb424b8000000	MOVQ 0xb8(SP), SI								
  decide.go:241		0x5ff03a		488bbc24e8020000	MOVQ 0x2e8(SP), DI								
  decide.go:241		0x5ff042		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  decide.go:315		0x5ff04c		4c8b8c24f8020000	MOVQ 0x2f8(SP), R9								
  decide.go:315		0x5ff054		4531e4			XORL R12, R12									
  decide.go:162		0x5ff057		4c8d7c2474		LEAQ 0x74(SP), R15								
  decide.go:197		0x5ff05c		4189c2			MOVL AX, R10									
  decide.go:341		0x5ff05f		488b842468030000	MOVQ 0x368(SP), AX								
  decide.go:164		0x5ff067		eb06			JMP 0x5ff06f									
  decide.go:197		0x5ff069		440fb6542472		MOVZX 0x72(SP), R10								
  decide.go:197		0x5ff06f		4c89bc24f0020000	MOVQ R15, 0x2f0(SP)								
  decide.go:197		0x5ff077		4c8bac24e0000000	MOVQ 0xe0(SP), R13								
  decide.go:197		0x5ff07f		90			NOPL										
  decide.go:197		0x5ff080		4983fd01		CMPQ R13, $0x1									
  decide.go:197		0x5ff084		0f85b7070000		JNE 0x5ff841									
  decide.go:341		0x5ff08a		440fb65b1e		MOVZX 0x1e(BX), R11								
  decide.go:341		0x5ff08f		41f6c320		TESTL $0x20, R11								
  decide.go:341		0x5ff093		0f85a8070000		JNE 0x5ff841									
  decide.go:341		0x5ff099		80b88000000000		CMPB 0x80(AX), $0x0								
  decide.go:197		0x5ff0a0		0f859b070000		JNE 0x5ff841									
  decide.go:207		0x5ff0a6		0fb67b1f		MOVZX 0x1f(BX), DI								
  decide.go:207		0x5ff0aa		83e70f			ANDL $0xf, DI									
  decide.go:207		0x5ff0ad		4138fa			CMPL R10, DI									
  decide.go:207		0x5ff0b0		0f8556070000		JNE 0x5ff80c									
  decide.go:341		0x5ff0b6		44885c2473		MOVB R11, 0x73(SP)								
  decide.go:206		0x5ff0bb		418b3f			MOVL 0(R15), DI									
  decide.go:206		0x5ff0be		897c247c		MOVL DI, 0x7c(SP)								
  decide.go:206		0x5ff0c2		4863ff			MOVSXD DI, DI									
  decide.go:206		0x5ff0c5		448b5b0c		MOVL 0xc(BX), R11								
  decide.go:207		0x5ff0c9		4c29da			SUBQ R11, DX									
  decide.go:207		0x5ff0cc		4c01c2			ADDQ R8, DX									
  decide.go:207		0x5ff0cf		4839d7			CMPQ DI, DX									
  decide.go:207		0x5ff0d2		0f8622070000		JBE 0x5ff7fa									
  decide.go:205		0x5ff0d8		0fb7531c		MOVZX 0x1c(BX), DX								
  decide.go:205		0x5ff0dc		4889942460020000	MOVQ DX, 0x260(SP)								
  decide.go:197		0x5ff0e4		4c89ff			MOVQ R15, DI									
  decide.go:205		0x5ff0e7		4c8bbc24e0020000	MOVQ 0x2e0(SP), R15								
  decide.go:205		0x5ff0ef		4d8b07			MOVQ 0(R15), R8									
  decide.go:205		0x5ff0f2		4c89842458020000	MOVQ R8, 0x258(SP)								
  decide.go:205		0x5ff0fa		660f1f440000		NOPW 0(AX)(AX*1)								
  decide.go:347		0x5ff100		4883fa01		CMPQ DX, $0x1									
  decide.go:347		0x5ff104		7e4b			JLE 0x5ff151									
  decide.go:347		0x5ff106		49c1f83f		SARQ $0x3f, R8									
  decide.go:347		0x5ff10a		48b8cdcccccccccccccc	MOVQ $0xcccccccccccccccd, AX							
  decide.go:347		0x5ff114		4c8ba42458020000	MOVQ 0x258(SP), R12								
  decide.go:347		0x5ff11c		49f7ec			IMULQ R12									
  decide.go:347		0x5ff11f		498d0414		LEAQ 0(R12)(DX*1), AX								
  decide.go:347		0x5ff123		48c1f803		SARQ $0x3, AX									
  decide.go:347		0x5ff127		4c29c0			SUBQ R8, AX									
  decide.go:347		0x5ff12a		4c8ba42460020000	MOVQ 0x260(SP), R12								
  decide.go:347		0x5ff132		4939c4			CMPQ R12, AX									
  decide.go:207		0x5ff135		0f8fad060000		JG 0x5ff7e8									
  decide.go:341		0x5ff13b		488b842468030000	MOVQ 0x368(SP), AX								
  decide.go:207		0x5ff143		4c89e2			MOVQ R12, DX									
  decide.go:212		0x5ff146		4c8b842458020000	MOVQ 0x258(SP), R8								
  decide.go:212		0x5ff14e		4531e4			XORL R12, R12									
  decide.go:207		0x5ff151		488dba0100ffff		LEAQ 0xffff0001(DX), DI								
  decide.go:207		0x5ff158		48f7df			NEGQ DI										
  decide.go:207		0x5ff15b		4c8ba42468020000	MOVQ 0x268(SP), R12								
  decide.go:207		0x5ff163		4939fc			CMPQ R12, DI									
  decide.go:207		0x5ff166		0f8fb0060000		JG 0x5ff81c									
  decide.go:197		0x5ff16c		4488542472		MOVB R10, 0x72(SP)								
  decide.go:208		0x5ff171		48637b14		MOVSXD 0x14(BX), DI								
  decide.go:208		0x5ff175		4889bc2450020000	MOVQ DI, 0x250(SP)								
  decide.go:209		0x5ff17d		4801d7			ADDQ DX, DI									
  decide.go:210		0x5ff180		90			NOPL										
  time.go:182		0x5ff181		4c8bac2450030000	MOVQ 0x350(SP), R13								
  time.go:182		0x5ff189		490fbae53f		BTQ $0x3f, R13									
  time.go:182		0x5ff18e		732e			JAE 0x5ff1be									
  time.go:183		0x5ff190		4f8d542d00		LEAQ 0(R13)(R13*1), R10								
  time.go:183		0x5ff195		49c1ea1f		SHRQ $0x1f, R10									
  time.go:183		0x5ff199		49bc807fb1d70d000000	MOVQ $0xdd7b17f80, R12								
  time.go:183		0x5ff1a3		4d01e2			ADDQ R12, R10									
  decide.go:212		0x5ff1a6		4c8ba42468020000	MOVQ 0x268(SP), R12								
  time.go:1461		0x5ff1ae		4c89942490000000	MOVQ R10, 0x90(SP)								
  decide.go:257		0x5ff1b6		440fb6542472		MOVZX 0x72(SP), R10								
  time.go:189		0x5ff1bc		eb20			JMP 0x5ff1de									
  decide.go:157		0x5ff1be		4889842418030000	MOVQ AX, 0x318(SP)								
  time.go:1461		0x5ff1c6		488b842458030000	MOVQ 0x358(SP), AX								
  time.go:1461		0x5ff1ce		4889842490000000	MOVQ AX, 0x90(SP)								
  type.go:80		0x5ff1d6		488b842418030000	MOVQ 0x318(SP), AX								
  decide.go:206		0x5ff1de		4c899c2448020000	MOVQ R11, 0x248(SP)								
  decide.go:205		0x5ff1e6		4d8b5708		MOVQ 0x8(R15), R10								
  decide.go:205		0x5ff1ea		4c89942440020000	MOVQ R10, 0x240(SP)								
  decide.go:208		0x5ff1f2		48634b10		MOVSXD 0x10(BX), CX								
  decide.go:208		0x5ff1f6		48898c2438020000	MOVQ CX, 0x238(SP)								
  window.go:76		0x5ff1fe		4d69db00ca9a3b		IMULQ $0x3b9aca00, R11, R11							
  time.go:1461		0x5ff205		4c8bbc2490000000	MOVQ 0x90(SP), R15								
  time.go:1461		0x5ff20d		4d69ff00ca9a3b		IMULQ $0x3b9aca00, R15, R15							
  time.go:177		0x5ff214		4181e5ffffff3f		ANDL $0x3fffffff, R13								
  time.go:1461		0x5ff21b		4d63ed			MOVSXD R13, R13									
  time.go:1461		0x5ff21e		4d01fd			ADDQ R15, R13									
  window.go:76		0x5ff221		4d29dd			SUBQ R11, R13									
  window.go:76		0x5ff224		49bf00001a3deb03b2a1	MOVQ $0xa1b203eb3d1a0000, R15							
  window.go:76		0x5ff22e		4d01fd			ADDQ R15, R13									
  decide.go:211		0x5ff231		90			NOPL										
  window.go:235		0x5ff232		4d85ed			TESTQ R13, R13									
  window.go:235		0x5ff235		41bf00000000		MOVL $0x0, R15									
  window.go:235		0x5ff23b		4d0f4cef		CMOVL R15, R13									
  window.go:235		0x5ff23f		4d39ea			CMPQ R10, R13									
  window.go:76		0x5ff242		4d0f4cea		CMOVL R10, R13									
  window.go:76		0x5ff246		4c89ac24b0000000	MOVQ R13, 0xb0(SP)								
  window.go:148		0x5ff24e		4885c9			TESTQ CX, CX									
  decide.go:128		0x5ff251		4d89e3			MOVQ R12, R11									
  window.go:148		0x5ff254		41bc00000000		MOVL $0x0, R12									
  window.go:148		0x5ff25a		490f4ccc		CMOVL R12, CX									
  window.go:235		0x5ff25e		4d85ed			TESTQ R13, R13									
  window.go:235		0x5ff261		4d0f4cef		CMOVL R15, R13									
  window.go:235		0x5ff265		4d39ea			CMPQ R10, R13									
  window.go:148		0x5ff268		4d0f4cea		CMOVL R10, R13									
  window.go:148		0x5ff26c		4d29ea			SUBQ R13, R10									
  window.go:226		0x5ff26f		4c8bbc2440020000	MOVQ 0x240(SP), R15								
  window.go:226		0x5ff277		4d39d7			CMPQ R15, R10									
  window.go:235		0x5ff27a		742c			JE 0x5ff2a8									
  window.go:229		0x5ff27c		4889c8			MOVQ CX, AX									
  decide.go:205		0x5ff27f		4889d1			MOVQ DX, CX									
  window.go:229		0x5ff282		49f7e2			MULQ R10									
  window.go:230		0x5ff285		4d85ff			TESTQ R15, R15									
  window.go:230		0x5ff288		0f84cc120000		JE 0x60055a									
  window.go:230		0x5ff28e		4c39fa			CMPQ DX, R15									
  window.go:230		0x5ff291		0f83be120000		JAE 0x600555									
  window.go:230		0x5ff297		49f7f7			DIVQ R15									
  share.go:108		0x5ff29a		4889ca			MOVQ CX, DX									
  window.go:148		0x5ff29d		4889c1			MOVQ AX, CX									
  type.go:80		0x5ff2a0		488b842468030000	MOVQ 0x368(SP), AX								
  window.go:149		0x5ff2a8		4885ff			TESTQ DI, DI									
  window.go:149		0x5ff2ab		490f4cfc		CMOVL R12, DI									
  window.go:149		0x5ff2af		4801f9			ADDQ DI, CX									
  window.go:148		0x5ff2b2		4c89ef			MOVQ R13, DI									
  window.go:149		0x5ff2b5		49bdffffffffffffff7f	MOVQ $0x7fffffffffffffff, R13							
  window.go:149		0x5ff2bf		4939cd			CMPQ R13, CX									
  window.go:97		0x5ff2c2		490f42cd		CMOVB R13, CX									
  decide.go:212		0x5ff2c6		4929c8			SUBQ CX, R8									
  decide.go:212		0x5ff2c9		4c89842430020000	MOVQ R8, 0x230(SP)								
  decide.go:212		0x5ff2d1		4d85c0			TESTQ R8, R8									
  decide.go:212		0x5ff2d4		4d0f4cc4		CMOVL R12, R8									
  decide.go:212		0x5ff2d8		4d29d8			SUBQ R11, R8									
  decide.go:216		0x5ff2db		440fb66c2473		MOVZX 0x73(SP), R13								
  decide.go:216		0x5ff2e1		41f6c540		TESTL $0x40, R13								
  window.go:149		0x5ff2e5		741c			JE 0x5ff303									
  type.go:80		0x5ff2e7		448ba878010000		MOVL 0x178(AX), R13								
  writers.go:80		0x5ff2ee		4585ed			TESTL R13, R13									
  writers.go:80		0x5ff2f1		740b			JE 0x5ff2fe									
  writers.go:80		0x5ff2f3		440fb66820		MOVZX 0x20(AX), R13								
  writers.go:80		0x5ff2f8		4183f501		XORL $0x1, R13									
  writers.go:80		0x5ff2fc		eb08			JMP 0x5ff306									
  writers.go:80		0x5ff2fe		4531ed			XORL R13, R13									
  writers.go:80		0x5ff301		eb03			JMP 0x5ff306									
  writers.go:80		0x5ff303		4531ed			XORL R13, R13									
  window.go:148		0x5ff306		4889bc2428020000	MOVQ DI, 0x228(SP)								
  window.go:148		0x5ff30e		4c89942418010000	MOVQ R10, 0x118(SP)								
  window.go:97		0x5ff316		48898c2420020000	MOVQ CX, 0x220(SP)								
  decide.go:212		0x5ff31e		4c89842410010000	MOVQ R8, 0x110(SP)								
  decide.go:216		0x5ff326		4584ed			TESTL R13, R13									
  decide.go:216		0x5ff329		0f8493010000		JE 0x5ff4c2									
  share.go:107		0x5ff32f		440fb66324		MOVZX 0x24(BX), R12								
  share.go:107		0x5ff334		440fb66b25		MOVZX 0x25(BX), R13								
  share.go:107		0x5ff339		4d01e5			ADDQ R12, R13									
  share.go:107		0x5ff33c		0f1f4000		NOPL 0(AX)									
  share.go:108		0x5ff340		4885d2			TESTQ DX, DX									
  share.go:108		0x5ff343		7e0b			JLE 0x5ff350									
  share.go:108		0x5ff345		4983fd08		CMPQ R13, $0x8									
  share.go:108		0x5ff349		7c05			JL 0x5ff350									
  share.go:108		0x5ff34b		4d39ec			CMPQ R12, R13									
  share.go:108		0x5ff34e		7505			JNE 0x5ff355									
  decide.go:205		0x5ff350		4989d4			MOVQ DX, R12									
  decide.go:217		0x5ff353		eb2b			JMP 0x5ff380									
  share.go:111		0x5ff355		4c0fafe2		IMULQ DX, R12									
  decide.go:580		0x5ff359		4c89e0			MOVQ R12, AX									
  decide.go:205		0x5ff35c		4989d4			MOVQ DX, R12									
  decide.go:580		0x5ff35f		31d2			XORL DX, DX									
  decide.go:580		0x5ff361		49f7f5			DIVQ R13									
  decide.go:581		0x5ff364		4885d2			TESTQ DX, DX									
  decide.go:581		0x5ff367		410f95c5		SETNE R13									
  share.go:111		0x5ff36b		450fb6ed		MOVZX R13, R13									
  share.go:111		0x5ff36f		498d540500		LEAQ 0(R13)(AX*1), DX								
  decide.go:315		0x5ff374		488b842468030000	MOVQ 0x368(SP), AX								
  decide.go:315		0x5ff37c		0f1f4000		NOPL 0(AX)									
  decide.go:217		0x5ff380		4c39e2			CMPQ DX, R12									
  decide.go:217		0x5ff383		7418			JE 0x5ff39d									
  decide.go:315		0x5ff385		488b8c2408030000	MOVQ 0x308(SP), CX								
  decide.go:315		0x5ff38d		4c8ba424e0020000	MOVQ 0x2e0(SP), R12								
  decide.go:315		0x5ff395		4d89df			MOVQ R11, R15									
  decide.go:218		0x5ff398		e936110000		JMP 0x6004d3									
  decide.go:220		0x5ff39d		488d88b0000000		LEAQ 0xb0(AX), CX								
  decide.go:220		0x5ff3a4		4889d8			MOVQ BX, AX									
  decide.go:220		0x5ff3a7		488b9c2408030000	MOVQ 0x308(SP), BX								
  decide.go:220		0x5ff3af		31ff			XORL DI, DI									
  decide.go:220		0x5ff3b1		e8eab30000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.entry.hotCounter(SB)	
  decide.go:220		0x5ff3b6		488d8424d0010000	LEAQ 0x1d0(SP), AX								
  decide.go:220		0x5ff3be		4889e2			MOVQ SP, DX									
  decide.go:220		0x5ff3c1		440f1032		MOVUPS 0(DX), X14								
  decide.go:220		0x5ff3c5		440f1130		MOVUPS X14, 0(AX)								
  decide.go:220		0x5ff3c9		440f107210		MOVUPS 0x10(DX), X14								
  decide.go:220		0x5ff3ce		440f117010		MOVUPS X14, 0x10(AX)								
  decide.go:220		0x5ff3d3		440f107220		MOVUPS 0x20(DX), X14								
  decide.go:220		0x5ff3d8		440f117020		MOVUPS X14, 0x20(AX)								
  writers.go:87		0x5ff3dd		488bb42408030000	MOVQ 0x308(SP), SI								
  writers.go:87		0x5ff3e5		440fb6461f		MOVZX 0x1f(SI), R8								
  writers.go:87		0x5ff3ea		4589c1			MOVL R8, R9									
  writers.go:87		0x5ff3ed		4183e07f		ANDL $0x7f, R8									
  writers.go:88		0x5ff3f1		4180f980		CMPL R9, $0x80									
  writers.go:88		0x5ff3f5		7219			JB 0x5ff410									
  type.go:80		0x5ff3f7		4c8b942468030000	MOVQ 0x368(SP), R10								
  type.go:80		0x5ff3ff		458b9a78010000		MOVL 0x178(R10), R11								
  writers.go:89		0x5ff406		4d63db			MOVSXD R11, R11									
  writers.go:89		0x5ff409		4d39c3			CMPQ R11, R8									
  writers.go:89		0x5ff40c		4d0f4fc3		CMOVG R11, R8									
  writers.go:91		0x5ff410		4d85c0			TESTQ R8, R8									
  decide.go:221		0x5ff413		41ba01000000		MOVL $0x1, R10									
  decide.go:221		0x5ff419		4d0f4ec2		CMOVLE R10, R8									
  decide.go:221		0x5ff41d		488b9c2458020000	MOVQ 0x258(SP), BX								
  decide.go:221		0x5ff425		488b8c2440020000	MOVQ 0x240(SP), CX								
  decide.go:221		0x5ff42d		488bbc24b0000000	MOVQ 0xb0(SP), DI								
  decide.go:221		0x5ff435		488bb42420020000	MOVQ 0x220(SP), SI								
  decide.go:221		0x5ff43d		4c8b8c2468020000	MOVQ 0x268(SP), R9								
  decide.go:221		0x5ff445		e836b70000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.shareRoomAt(SB)		
  decide.go:221		0x5ff44a		4c8b942468020000	MOVQ 0x268(SP), R10								
  decide.go:221		0x5ff452		4c29d0			SUBQ R10, AX									
  decide.go:221		0x5ff455		4c8b842410010000	MOVQ 0x110(SP), R8								
  decide.go:221		0x5ff45d		4c39c0			CMPQ AX, R8									
  decide.go:221		0x5ff460		4c89c2			MOVQ R8, DX									
  decide.go:221		0x5ff463		480f4cd0		CMOVL AX, DX									
  decide.go:238		0x5ff467		488b842468030000	MOVQ 0x368(SP), AX								
  decide.go:239		0x5ff46f		488b8c2420020000	MOVQ 0x220(SP), CX								
  decide.go:233		0x5ff477		488b9c2400030000	MOVQ 0x300(SP), BX								
  decide.go:315		0x5ff47f		488bb424b8000000	MOVQ 0xb8(SP), SI								
  window.go:198		0x5ff487		488bbc2428020000	MOVQ 0x228(SP), DI								
  decide.go:315		0x5ff48f		4c8b8c24f8020000	MOVQ 0x2f8(SP), R9								
  decide.go:245		0x5ff497		4c8b942418010000	MOVQ 0x118(SP), R10								
  decide.go:223		0x5ff49f		4c8b9c2468020000	MOVQ 0x268(SP), R11								
  decide.go:223		0x5ff4a7		4531e4			XORL R12, R12									
  decide.go:223		0x5ff4aa		4d89c5			MOVQ R8, R13									
  decide.go:239		0x5ff4ad		4c8bbc2440020000	MOVQ 0x240(SP), R15								
  decide.go:223		0x5ff4b5		4989d0			MOVQ DX, R8									
  decide.go:244		0x5ff4b8		488b942460020000	MOVQ 0x260(SP), DX								
  writers.go:91		0x5ff4c0		eb03			JMP 0x5ff4c5									
  decide.go:212		0x5ff4c2		4d89c5			MOVQ R8, R13									
  decide.go:223		0x5ff4c5		4d85c0			TESTQ R8, R8									
  decide.go:223		0x5ff4c8		0f8ced020000		JL 0x5ff7bb									
  decide.go:223		0x5ff4ce		4c8bbc2430020000	MOVQ 0x230(SP), R15								
  decide.go:223		0x5ff4d6		4d39fb			CMPQ R11, R15									
  decide.go:223		0x5ff4d9		0f8fd0020000		JG 0x5ff7af									
  decide.go:223		0x5ff4df		49bfffffffffffffff7f	MOVQ $0x7fffffffffffffff, R15							
  decide.go:223		0x5ff4e9		4d39ef			CMPQ R15, R13									
  decide.go:223		0x5ff4ec		0f8ed3020000		JLE 0x5ff7c5									
  decide.go:233		0x5ff4f2		440fb77b1e		MOVZX 0x1e(BX), R15								
  decide.go:233		0x5ff4f7		6641f7c780f0		TESTW $-0xf80, R15								
  decide.go:233		0x5ff4fd		747f			JE 0x5ff57e									
  decide.go:223		0x5ff4ff		4c89842428010000	MOVQ R8, 0x128(SP)								
  decide.go:234		0x5ff507		488b8c2470030000	MOVQ 0x370(SP), CX								
  decide.go:234		0x5ff50f		4883c138		ADDQ $0x38, CX									
  decide.go:234		0x5ff513		bf01000000		MOVL $0x1, DI									
  decide.go:234		0x5ff518		4989c0			MOVQ AX, R8									
  decide.go:234		0x5ff51b		4889d8			MOVQ BX, AX									
  decide.go:234		0x5ff51e		488b9c2408030000	MOVQ 0x308(SP), BX								
  decide.go:234		0x5ff526		e895220000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.entry.reserveRest(SB)	
  decide.go:234		0x5ff52b		84c0			TESTL AL, AL									
  decide.go:234		0x5ff52d		0f843f020000		JE 0x5ff772									
  decide.go:238		0x5ff533		488b842468030000	MOVQ 0x368(SP), AX								
  decide.go:239		0x5ff53b		488b8c2420020000	MOVQ 0x220(SP), CX								
  decide.go:244		0x5ff543		488b942460020000	MOVQ 0x260(SP), DX								
  entry.go:326		0x5ff54b		488b9c2400030000	MOVQ 0x300(SP), BX								
  window.go:198		0x5ff553		488bbc2428020000	MOVQ 0x228(SP), DI								
  decide.go:239		0x5ff55b		4c8b842428010000	MOVQ 0x128(SP), R8								
  decide.go:245		0x5ff563		4c8b942418010000	MOVQ 0x118(SP), R10								
  decide.go:239		0x5ff56b		4c8b9c2468020000	MOVQ 0x268(SP), R11								
  decide.go:239		0x5ff573		4531e4			XORL R12, R12									
  decide.go:571		0x5ff576		4c8bac2410010000	MOVQ 0x110(SP), R13								
  decide.go:568		0x5ff57e		488bb42458020000	MOVQ 0x258(SP), SI								
  decide.go:568		0x5ff586		4885f6			TESTQ SI, SI									
  decide.go:568		0x5ff589		7f07			JG 0x5ff592									
  decide.go:568		0x5ff58b		b801000000		MOVL $0x1, AX									
  decide.go:238		0x5ff590		eb6f			JMP 0x5ff601									
  decide.go:238		0x5ff592		440fb688a8000000	MOVZX 0xa8(AX), R9								
  decide.go:571		0x5ff59a		4d85ed			TESTQ R13, R13									
  decide.go:571		0x5ff59d		4d0f4cec		CMOVL R12, R13									
  decide.go:571		0x5ff5a1		4c39ee			CMPQ SI, R13									
  decide.go:571		0x5ff5a4		4c0f4cee		CMOVL SI, R13									
  decide.go:571		0x5ff5a8		4989f4			MOVQ SI, R12									
  decide.go:571		0x5ff5ab		4c29ee			SUBQ R13, SI									
  decide.go:572		0x5ff5ae		49bdae47e17a14ae4701	MOVQ $0x147ae147ae147ae, R13							
  decide.go:572		0x5ff5b8		4d39ec			CMPQ R12, R13									
  decide.go:571		0x5ff5bb		7d16			JGE 0x5ff5d3									
  decide.go:573		0x5ff5bd		486bf664		IMULQ $0x64, SI, SI								
  decide.go:573		0x5ff5c1		4d0fafcc		IMULQ R12, R9									
  decide.go:573		0x5ff5c5		4c39ce			CMPQ SI, R9									
  decide.go:573		0x5ff5c8		400f9dc6		SETGE SI									
  decide.go:238		0x5ff5cc		89f0			MOVL SI, AX									
  decide.go:239		0x5ff5ce		4c89e6			MOVQ R12, SI									
  decide.go:238		0x5ff5d1		eb2e			JMP 0x5ff601									
  decide.go:575		0x5ff5d3		48b80bd7a3703d0ad7a3	MOVQ $0xa3d70a3d70a3d70b, AX							
  decide.go:205		0x5ff5dd		4989d5			MOVQ DX, R13									
  decide.go:575		0x5ff5e0		49f7e4			MULQ R12									
  decide.go:575		0x5ff5e3		48c1ea06		SHRQ $0x6, DX									
  decide.go:575		0x5ff5e7		4889f0			MOVQ SI, AX									
  decide.go:575		0x5ff5ea		4989d7			MOVQ DX, R15									
  decide.go:575		0x5ff5ed		31d2			XORL DX, DX									
  decide.go:575		0x5ff5ef		49f7f7			DIVQ R15									
  decide.go:575		0x5ff5f2		4c39c8			CMPQ AX, R9									
  decide.go:575		0x5ff5f5		400f9dc6		SETGE SI									
  decide.go:244		0x5ff5f9		4c89ea			MOVQ R13, DX									
  decide.go:238		0x5ff5fc		89f0			MOVL SI, AX									
  decide.go:239		0x5ff5fe		4c89e6			MOVQ R12, SI									
  decide.go:238		0x5ff601		84c0			TESTL AL, AL									
  entry.go:325		0x5ff603		740f			JE 0x5ff614									
  entry.go:326		0x5ff605		440fb64b1e		MOVZX 0x1e(BX), R9								
  entry.go:326		0x5ff60a		4183c908		ORL $0x8, R9									
  entry.go:326		0x5ff60e		44884b1e		MOVB R9, 0x1e(BX)								
  entry.go:326		0x5ff612		eb0d			JMP 0x5ff621									
  entry.go:328		0x5ff614		440fb64b1e		MOVZX 0x1e(BX), R9								
  entry.go:328		0x5ff619		4183e1f7		ANDL $-0x9, R9									
  entry.go:328		0x5ff61d		44884b1e		MOVB R9, 0x1e(BX)								
  decide.go:239		0x5ff621		4c8b8c2470030000	MOVQ 0x370(SP), R9								
  decide.go:239		0x5ff629		6641c7010101		MOVW $0x101, 0(R9)								
  decide.go:239		0x5ff62f		49897108		MOVQ SI, 0x8(R9)								
  decide.go:239		0x5ff633		4c8ba42440020000	MOVQ 0x240(SP), R12								
  decide.go:239		0x5ff63b		4d896110		MOVQ R12, 0x10(R9)								
  decide.go:239		0x5ff63f		4d894118		MOVQ R8, 0x18(R9)								
  decide.go:239		0x5ff643		4d8d040b		LEAQ 0(R11)(CX*1), R8								
  decide.go:239		0x5ff647		4d894120		MOVQ R8, 0x20(R9)								
  decide.go:244		0x5ff64b		4c01da			ADDQ R11, DX									
  decide.go:241		0x5ff64e		833d3b79570000		CMPL runtime.writeBarrier(SB), $0x0						
  decide.go:241		0x5ff655		7515			JNE 0x5ff66c									
  decide.go:241		0x5ff657		4c89d8			MOVQ R11, AX									
  decide.go:241		0x5ff65a		4c8b8424e8020000	MOVQ 0x2e8(SP), R8								
  decide.go:241		0x5ff662		4c8bbc2408030000	MOVQ 0x308(SP), R15								
  decide.go:241		0x5ff66a		eb40			JMP 0x5ff6ac									
  decide.go:241		0x5ff66c		4d8b4140		MOVQ 0x40(R9), R8								
  decide.go:241		0x5ff670		4d8b6948		MOVQ 0x48(R9), R13								
  decide.go:241		0x5ff674		4d8b7938		MOVQ 0x38(R9), R15								
  decide.go:128		0x5ff678		4c89d8			MOVQ R11, AX									
  decide.go:128		0x5ff67b		0f1f440000		NOPL 0(AX)(AX*1)								
  decide.go:241		0x5ff680		e87b29e9ff		CALL runtime.gcWriteBarrier6(SB)						
  decide.go:241		0x5ff685		49891b			MOVQ BX, 0(R11)									
  decide.go:241		0x5ff688		4d897b08		MOVQ R15, 0x8(R11)								
  decide.go:241		0x5ff68c		4c8bbc2408030000	MOVQ 0x308(SP), R15								
  decide.go:241		0x5ff694		4d897b10		MOVQ R15, 0x10(R11)								
  decide.go:241		0x5ff698		4d894318		MOVQ R8, 0x18(R11)								
  decide.go:241		0x5ff69c		4c8b8424e8020000	MOVQ 0x2e8(SP), R8								
  decide.go:241		0x5ff6a4		4d894320		MOVQ R8, 0x20(R11)								
  decide.go:241		0x5ff6a8		4d896b28		MOVQ R13, 0x28(R11)								
  decide.go:241		0x5ff6ac		49895938		MOVQ BX, 0x38(R9)								
  decide.go:241		0x5ff6b0		4d897940		MOVQ R15, 0x40(R9)								
  decide.go:241		0x5ff6b4		4d894148		MOVQ R8, 0x48(R9)								
  decide.go:241		0x5ff6b8		49894150		MOVQ AX, 0x50(R9)								
  decide.go:242		0x5ff6bc		448b44247c		MOVL 0x7c(SP), R8								
  decide.go:242		0x5ff6c1		45894158		MOVL R8, 0x58(R9)								
  decide.go:242		0x5ff6c5		4c8b842448020000	MOVQ 0x248(SP), R8								
  decide.go:242		0x5ff6cd		4d894168		MOVQ R8, 0x68(R9)								
  decide.go:243		0x5ff6d1		6689531c		MOVW DX, 0x1c(BX)								
  decide.go:244		0x5ff6d5		4889d8			MOVQ BX, AX									
  decide.go:244		0x5ff6d8		4889d3			MOVQ DX, BX									
  decide.go:244		0x5ff6db		4889f1			MOVQ SI, CX									
  decide.go:244		0x5ff6de		4c89e7			MOVQ R12, DI									
  decide.go:244		0x5ff6e1		e83a220000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*hotLine).weigh(SB)	
  decide.go:244		0x5ff6e6		488b942450020000	MOVQ 0x250(SP), DX								
  decide.go:244		0x5ff6ee		4801c2			ADDQ AX, DX									
  window.go:195		0x5ff6f1		90			NOPL										
  window.go:197		0x5ff6f2		4885d2			TESTQ DX, DX									
  window.go:235		0x5ff6f5		7e19			JLE 0x5ff710									
  window.go:198		0x5ff6f7		488b8c2440020000	MOVQ 0x240(SP), CX								
  window.go:198		0x5ff6ff		4c8d1409		LEAQ 0(CX)(CX*1), R10								
  window.go:198		0x5ff703		488b8c2428020000	MOVQ 0x228(SP), CX								
  window.go:198		0x5ff70b		4929ca			SUBQ CX, R10									
  window.go:103		0x5ff70e		eb2f			JMP 0x5ff73f									
  window.go:148		0x5ff710		488b8c2438020000	MOVQ 0x238(SP), CX								
  window.go:148		0x5ff718		4885c9			TESTQ CX, CX									
  window.go:199		0x5ff71b		7e1f			JLE 0x5ff73c									
  window.go:199		0x5ff71d		488b8c2440020000	MOVQ 0x240(SP), CX								
  window.go:199		0x5ff725		488b942428020000	MOVQ 0x228(SP), DX								
  window.go:199		0x5ff72d		4839d1			CMPQ CX, DX									
  window.go:199		0x5ff730		7e0a			JLE 0x5ff73c									
  decide.go:245		0x5ff732		4c8b942418010000	MOVQ 0x118(SP), R10								
  window.go:103		0x5ff73a		eb03			JMP 0x5ff73f									
  window.go:103		0x5ff73c		4531d2			XORL R10, R10									
  decide.go:245		0x5ff73f		488b8c2470030000	MOVQ 0x370(SP), CX								
  decide.go:245		0x5ff747		4c895130		MOVQ R10, 0x30(CX)								
  decide.go:246		0x5ff74b		90			NOPL										
  mutex.go:65		0x5ff74c		90			NOPL										
  mutex.go:194		0x5ff74d		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x5ff752		488b842400030000	MOVQ 0x300(SP), AX								
  mutex.go:194		0x5ff75a		f00fc118		LOCK XADDL BX, 0(AX)								
  mutex.go:194		0x5ff75e		6690			NOPW										
  mutex.go:194		0x5ff760		ffcb			DECL BX										
  mutex.go:195		0x5ff762		7405			JE 0x5ff769									
  mutex.go:198		0x5ff764		e857a3e9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:247		0x5ff769		4881c440030000		ADDQ $0x340, SP									
  decide.go:247		0x5ff770		5d			POPQ BP										
  decide.go:247		0x5ff771		c3			RET										
  decide.go:315		0x5ff772		488b842468030000	MOVQ 0x368(SP), AX								
  decide.go:315		0x5ff77a		488b8c2408030000	MOVQ 0x308(SP), CX								
  decide.go:315		0x5ff782		488b9c2400030000	MOVQ 0x300(SP), BX								
  decide.go:315		0x5ff78a		488bb424b8000000	MOVQ 0xb8(SP), SI								
  decide.go:315		0x5ff792		4c8b8c24f8020000	MOVQ 0x2f8(SP), R9								
  decide.go:315		0x5ff79a		4c8ba424e0020000	MOVQ 0x2e0(SP), R12								
  decide.go:315		0x5ff7a2		4c8bbc2468020000	MOVQ 0x268(SP), R15								
  decide.go:235		0x5ff7aa		e9240d0000		JMP 0x6004d3									
  decide.go:235		0x5ff7af		49bfffffffffffffff7f	MOVQ $0x7fffffffffffffff, R15							
  decide.go:223		0x5ff7b9		eb0a			JMP 0x5ff7c5									
  decide.go:223		0x5ff7bb		49bfffffffffffffff7f	MOVQ $0x7fffffffffffffff, R15							
  decide.go:262		0x5ff7c5		488b8c2408030000	MOVQ 0x308(SP), CX								
  decide.go:257		0x5ff7cd		440fb6542472		MOVZX 0x72(SP), R10								
  decide.go:315		0x5ff7d3		4d89dc			MOVQ R11, R12									
  decide.go:257		0x5ff7d6		4c8bac24e0000000	MOVQ 0xe0(SP), R13								
  decide.go:315		0x5ff7de		4c8bbc24e0020000	MOVQ 0x2e0(SP), R15								
  decide.go:223		0x5ff7e6		eb34			JMP 0x5ff81c									
  decide.go:341		0x5ff7e8		488b842468030000	MOVQ 0x368(SP), AX								
  decide.go:315		0x5ff7f0		4c8ba42468020000	MOVQ 0x268(SP), R12								
  decide.go:207		0x5ff7f8		eb22			JMP 0x5ff81c									
  decide.go:315		0x5ff7fa		4c8ba42468020000	MOVQ 0x268(SP), R12								
  decide.go:315		0x5ff802		4c8bbc24e0020000	MOVQ 0x2e0(SP), R15								
  decide.go:207		0x5ff80a		eb10			JMP 0x5ff81c									
  decide.go:315		0x5ff80c		4c8ba42468020000	MOVQ 0x268(SP), R12								
  decide.go:315		0x5ff814		4c8bbc24e0020000	MOVQ 0x2e0(SP), R15								
  decide.go:271		0x5ff81c		488b942498000000	MOVQ 0x98(SP), DX								
  decide.go:303		0x5ff824		488bbc24e8020000	MOVQ 0x2e8(SP), DI								
  decide.go:303		0x5ff82c		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  decide.go:303		0x5ff836		4531e4			XORL R12, R12									
  decide.go:259		0x5ff839		4c8bbc24f0020000	MOVQ 0x2f0(SP), R15								
  decide.go:257		0x5ff841		4983fd02		CMPQ R13, $0x2									
  decide.go:257		0x5ff845		0f85780c0000		JNE 0x6004c3									
  decide.go:257		0x5ff84b		4438531f		CMPB 0x1f(BX), R10								
  decide.go:257		0x5ff84f		0f856e0c0000		JNE 0x6004c3									
  decide.go:341		0x5ff855		440fb6531e		MOVZX 0x1e(BX), R10								
  decide.go:341		0x5ff85a		660f1f440000		NOPW 0(AX)(AX*1)								
  decide.go:341		0x5ff860		41f6c220		TESTL $0x20, R10								
  decide.go:341		0x5ff864		0f85590c0000		JNE 0x6004c3									
  decide.go:341		0x5ff86a		80b88000000000		CMPB 0x80(AX), $0x0								
  decide.go:257		0x5ff871		0f854c0c0000		JNE 0x6004c3									
  decide.go:341		0x5ff877		4488542473		MOVB R10, 0x73(SP)								
  decide.go:262		0x5ff87c		80791d00		CMPB 0x1d(CX), $0x0								
  decide.go:262		0x5ff880		740e			JE 0x5ff890									
  decide.go:264		0x5ff882		448b5920		MOVL 0x20(CX), R11								
  decide.go:265		0x5ff886		48637924		MOVSXD 0x24(CX), DI								
  decide.go:265		0x5ff88a		4c635128		MOVSXD 0x28(CX), R10								
  decide.go:265		0x5ff88e		eb27			JMP 0x5ff8b7									
  decide.go:267		0x5ff890		4c8b5908		MOVQ 0x8(CX), R11								
  decide.go:267		0x5ff894		498b7b08		MOVQ 0x8(R11), DI								
  decide.go:269		0x5ff898		90			NOPL										
  counter.go:70		0x5ff899		4d8b5310		MOVQ 0x10(R11), R10								
  counter.go:70		0x5ff89d		4d8b5b18		MOVQ 0x18(R11), R11								
  decide.go:271		0x5ff8a1		4989f8			MOVQ DI, R8									
  decide.go:271		0x5ff8a4		4c89d7			MOVQ R10, DI									
  decide.go:271		0x5ff8a7		4d89da			MOVQ R11, R10									
  decide.go:271		0x5ff8aa		4d89c3			MOVQ R8, R11									
  decide.go:271		0x5ff8ad		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  decide.go:271		0x5ff8b7		4889bc24c0010000	MOVQ DI, 0x1c0(SP)								
  decide.go:259		0x5ff8bf		418b3f			MOVL 0(R15), DI									
  decide.go:259		0x5ff8c2		897c247c		MOVL DI, 0x7c(SP)								
  decide.go:259		0x5ff8c6		4863ff			MOVSXD DI, DI									
  decide.go:259		0x5ff8c9		448b630c		MOVL 0xc(BX), R12								
  decide.go:271		0x5ff8cd		4c29e2			SUBQ R12, DX									
  decide.go:271		0x5ff8d0		4c01c2			ADDQ R8, DX									
  decide.go:271		0x5ff8d3		4839d7			CMPQ DI, DX									
  decide.go:271		0x5ff8d6		0f86d50b0000		JBE 0x6004b1									
  decide.go:259		0x5ff8dc		4c89a42460020000	MOVQ R12, 0x260(SP)								
  decide.go:258		0x5ff8e4		0fb7531c		MOVZX 0x1c(BX), DX								
  decide.go:258		0x5ff8e8		4889942458020000	MOVQ DX, 0x258(SP)								
  decide.go:258		0x5ff8f0		4c8ba424e0020000	MOVQ 0x2e0(SP), R12								
  decide.go:258		0x5ff8f8		498b3c24		MOVQ 0(R12), DI									
  decide.go:258		0x5ff8fc		4889bc2450020000	MOVQ DI, 0x250(SP)								
  decide.go:347		0x5ff904		4883fa01		CMPQ DX, $0x1									
  decide.go:347		0x5ff908		7e5a			JLE 0x5ff964									
  decide.go:347		0x5ff90a		48c1ff3f		SARQ $0x3f, DI									
  decide.go:347		0x5ff90e		48b8cdcccccccccccccc	MOVQ $0xcccccccccccccccd, AX							
  decide.go:347		0x5ff918		4c8bac2450020000	MOVQ 0x250(SP), R13								
  decide.go:347		0x5ff920		49f7ed			IMULQ R13									
  decide.go:347		0x5ff923		498d441500		LEAQ 0(R13)(DX*1), AX								
  decide.go:347		0x5ff928		48c1f803		SARQ $0x3, AX									
  decide.go:347		0x5ff92c		4829f8			SUBQ DI, AX									
  decide.go:347		0x5ff92f		4c8bac2458020000	MOVQ 0x258(SP), R13								
  decide.go:347		0x5ff937		660f1f840000000000	NOPW 0(AX)(AX*1)								
  decide.go:347		0x5ff940		4939c5			CMPQ R13, AX									
  decide.go:271		0x5ff943		0f8f560b0000		JG 0x60049f									
  decide.go:315		0x5ff949		488b842468030000	MOVQ 0x368(SP), AX								
  decide.go:347		0x5ff951		4c89ea			MOVQ R13, DX									
  decide.go:278		0x5ff954		488bbc2450020000	MOVQ 0x250(SP), DI								
  decide.go:315		0x5ff95c		4c8bac24e0000000	MOVQ 0xe0(SP), R13								
  decide.go:272		0x5ff964		4c8bac2498000000	MOVQ 0x98(SP), R13								
  decide.go:272		0x5ff96c		4d29dd			SUBQ R11, R13									
  decide.go:272		0x5ff96f		4d01c5			ADDQ R8, R13									
  decide.go:272		0x5ff972		4d634704		MOVSXD 0x4(R15), R8								
  decide.go:272		0x5ff976		4d39e8			CMPQ R8, R13									
  decide.go:272		0x5ff979		0f86160b0000		JBE 0x600495									
  decide.go:258		0x5ff97f		4d8b6c2410		MOVQ 0x10(R12), R13								
  decide.go:347		0x5ff984		4883fa01		CMPQ DX, $0x1									
  decide.go:347		0x5ff988		7e3e			JLE 0x5ff9c8									
  decide.go:347		0x5ff98a		4d89e8			MOVQ R13, R8									
  decide.go:347		0x5ff98d		49c1fd3f		SARQ $0x3f, R13									
  decide.go:347		0x5ff991		48b8cdcccccccccccccc	MOVQ $0xcccccccccccccccd, AX							
  decide.go:347		0x5ff99b		49f7e8			IMULQ R8									
  decide.go:347		0x5ff99e		4a8d0402		LEAQ 0(DX)(R8*1), AX								
  decide.go:347		0x5ff9a2		48c1f803		SARQ $0x3, AX									
  decide.go:347		0x5ff9a6		4c29e8			SUBQ R13, AX									
  decide.go:347		0x5ff9a9		4c8bac2458020000	MOVQ 0x258(SP), R13								
  decide.go:347		0x5ff9b1		4939c5			CMPQ R13, AX									
  decide.go:272		0x5ff9b4		0f8fc90a0000		JG 0x600483									
  decide.go:315		0x5ff9ba		488b842468030000	MOVQ 0x368(SP), AX								
  decide.go:272		0x5ff9c2		4c89ea			MOVQ R13, DX									
  decide.go:278		0x5ff9c5		4d89c5			MOVQ R8, R13									
  decide.go:272		0x5ff9c8		4c8d820100ffff		LEAQ 0xffff0001(DX), R8								
  decide.go:272		0x5ff9cf		49f7d8			NEGQ R8										
  decide.go:272		0x5ff9d2		4c8bbc2468020000	MOVQ 0x268(SP), R15								
  decide.go:272		0x5ff9da		660f1f440000		NOPW 0(AX)(AX*1)								
  decide.go:272		0x5ff9e0		4d39c7			CMPQ R15, R8									
  decide.go:272		0x5ff9e3		0f8fea0a0000		JG 0x6004d3									
  decide.go:258		0x5ff9e9		4c89ac2448020000	MOVQ R13, 0x248(SP)								
  decide.go:273		0x5ff9f1		4c634314		MOVSXD 0x14(BX), R8								
  decide.go:274		0x5ff9f5		4901d0			ADDQ DX, R8									
  decide.go:275		0x5ff9f8		4901d2			ADDQ DX, R10									
  decide.go:276		0x5ff9fb		90			NOPL										
  time.go:182		0x5ff9fc		4c8bac2450030000	MOVQ 0x350(SP), R13								
  time.go:182		0x5ffa04		490fbae53f		BTQ $0x3f, R13									
  time.go:182		0x5ffa09		7330			JAE 0x5ffa3b									
  time.go:183		0x5ffa0b		4f8d4c2d00		LEAQ 0(R13)(R13*1), R9								
  time.go:183		0x5ffa10		49c1e91f		SHRQ $0x1f, R9									
  time.go:183		0x5ffa14		49bf807fb1d70d000000	MOVQ $0xdd7b17f80, R15								
  time.go:183		0x5ffa1e		4d01f9			ADDQ R15, R9									
  decide.go:278		0x5ffa21		4c8bbc2468020000	MOVQ 0x268(SP), R15								
  time.go:1461		0x5ffa29		4c898c2488000000	MOVQ R9, 0x88(SP)								
  decide.go:315		0x5ffa31		4c8b8c24f8020000	MOVQ 0x2f8(SP), R9								
  time.go:189		0x5ffa39		eb20			JMP 0x5ffa5b									
  decide.go:157		0x5ffa3b		4889842410030000	MOVQ AX, 0x310(SP)								
  time.go:1461		0x5ffa43		488b842458030000	MOVQ 0x358(SP), AX								
  time.go:1461		0x5ffa4b		4889842488000000	MOVQ AX, 0x88(SP)								
  type.go:80		0x5ffa53		488b842410030000	MOVQ 0x310(SP), AX								
  decide.go:258		0x5ffa5b		4d8b4c2408		MOVQ 0x8(R12), R9								
  window.go:76		0x5ffa60		4c8bbc2460020000	MOVQ 0x260(SP), R15								
  window.go:76		0x5ffa68		4d69ff00ca9a3b		IMULQ $0x3b9aca00, R15, R15							
  time.go:1461		0x5ffa6f		4c8ba42488000000	MOVQ 0x88(SP), R12								
  time.go:1461		0x5ffa77		4d69e400ca9a3b		IMULQ $0x3b9aca00, R12, R12							
  time.go:177		0x5ffa7e		4181e5ffffff3f		ANDL $0x3fffffff, R13								
  time.go:1461		0x5ffa85		4d63ed			MOVSXD R13, R13									
  time.go:1461		0x5ffa88		4d01ec			ADDQ R13, R12									
  window.go:76		0x5ffa8b		4d29fc			SUBQ R15, R12									
  window.go:76		0x5ffa8e		49bf00001a3deb03b2a1	MOVQ $0xa1b203eb3d1a0000, R15							
  window.go:76		0x5ffa98		4d01fc			ADDQ R15, R12									
  decide.go:276		0x5ffa9b		90			NOPL										
  window.go:235		0x5ffa9c		4d85e4			TESTQ R12, R12									
  window.go:235		0x5ffa9f		41bf00000000		MOVL $0x0, R15									
  window.go:235		0x5ffaa5		4d0f4ce7		CMOVL R15, R12									
  window.go:235		0x5ffaa9		4d39e1			CMPQ R9, R12									
  window.go:76		0x5ffaac		4d0f4ce1		CMOVL R9, R12									
  window.go:76		0x5ffab0		4c89a424a8000000	MOVQ R12, 0xa8(SP)								
  time.go:182		0x5ffab8		4c8ba42450030000	MOVQ 0x350(SP), R12								
  time.go:182		0x5ffac0		490fbae43f		BTQ $0x3f, R12									
  window.go:235		0x5ffac5		732f			JAE 0x5ffaf6									
  time.go:183		0x5ffac7		4b8d3424		LEAQ 0(R12)(R12*1), SI								
  time.go:183		0x5ffacb		48c1ee1f		SHRQ $0x1f, SI									
  time.go:183		0x5ffacf		49bc807fb1d70d000000	MOVQ $0xdd7b17f80, R12								
  time.go:183		0x5ffad9		4901f4			ADDQ SI, R12									
  decide.go:315		0x5ffadc		488bb424b8000000	MOVQ 0xb8(SP), SI								
  time.go:1461		0x5ffae4		4c89a42480000000	MOVQ R12, 0x80(SP)								
  decide.go:315		0x5ffaec		4c8ba42450030000	MOVQ 0x350(SP), R12								
  time.go:189		0x5ffaf4		eb13			JMP 0x5ffb09									
  time.go:1461		0x5ffaf6		4c8bbc2458030000	MOVQ 0x358(SP), R15								
  time.go:1461		0x5ffafe		4c89bc2480000000	MOVQ R15, 0x80(SP)								
  time.go:1461		0x5ffb06		4531ff			XORL R15, R15									
  decide.go:258		0x5ffb09		4c898c2440020000	MOVQ R9, 0x240(SP)								
  decide.go:271		0x5ffb11		4c899c24b8010000	MOVQ R11, 0x1b8(SP)								
  decide.go:258		0x5ffb19		4c8ba424e0020000	MOVQ 0x2e0(SP), R12								
  decide.go:258		0x5ffb21		4d8b642418		MOVQ 0x18(R12), R12								
  decide.go:258		0x5ffb26		4c89a42428020000	MOVQ R12, 0x228(SP)								
  decide.go:273		0x5ffb2e		48637310		MOVSXD 0x10(BX), SI								
  decide.go:273		0x5ffb32		4889b42438020000	MOVQ SI, 0x238(SP)								
  window.go:76		0x5ffb3a		4d69db00ca9a3b		IMULQ $0x3b9aca00, R11, R11							
  time.go:1461		0x5ffb41		4c8ba42480000000	MOVQ 0x80(SP), R12								
  time.go:1461		0x5ffb49		4d69e400ca9a3b		IMULQ $0x3b9aca00, R12, R12							
  time.go:1461		0x5ffb50		4d01ec			ADDQ R13, R12									
  window.go:76		0x5ffb53		4d29dc			SUBQ R11, R12									
  window.go:76		0x5ffb56		49bd00001a3deb03b2a1	MOVQ $0xa1b203eb3d1a0000, R13							
  window.go:76		0x5ffb60		4d01ec			ADDQ R13, R12									
  decide.go:277		0x5ffb63		90			NOPL										
  window.go:235		0x5ffb64		4d85e4			TESTQ R12, R12									
  window.go:235		0x5ffb67		4d0f4ce7		CMOVL R15, R12									
  window.go:235		0x5ffb6b		4c8bac2428020000	MOVQ 0x228(SP), R13								
  window.go:235		0x5ffb73		4d39e5			CMPQ R13, R12									
  window.go:76		0x5ffb76		4d0f4ce5		CMOVL R13, R12									
  window.go:76		0x5ffb7a		4c89a424a0000000	MOVQ R12, 0xa0(SP)								
  window.go:148		0x5ffb82		4885f6			TESTQ SI, SI									
  decide.go:258		0x5ffb85		4d89eb			MOVQ R13, R11									
  window.go:148		0x5ffb88		41bd00000000		MOVL $0x0, R13									
  window.go:148		0x5ffb8e		490f4cf5		CMOVL R13, SI									
  window.go:235		0x5ffb92		4c8ba424a8000000	MOVQ 0xa8(SP), R12								
  window.go:235		0x5ffb9a		4d85e4			TESTQ R12, R12									
  window.go:235		0x5ffb9d		4d0f4ce7		CMOVL R15, R12									
  window.go:235		0x5ffba1		4d39e1			CMPQ R9, R12									
  window.go:148		0x5ffba4		4d0f4ce1		CMOVL R9, R12									
  window.go:148		0x5ffba8		4d29e1			SUBQ R12, R9									
  window.go:226		0x5ffbab		4c8ba42440020000	MOVQ 0x240(SP), R12								
  window.go:226		0x5ffbb3		4d39cc			CMPQ R12, R9									
  window.go:235		0x5ffbb6		742c			JE 0x5ffbe4									
  window.go:229		0x5ffbb8		4c89c8			MOVQ R9, AX									
  decide.go:258		0x5ffbbb		4989d1			MOVQ DX, R9									
  window.go:229		0x5ffbbe		48f7e6			MULQ SI										
  window.go:230		0x5ffbc1		4d85e4			TESTQ R12, R12									
  window.go:230		0x5ffbc4		0f8486090000		JE 0x600550									
  window.go:230		0x5ffbca		4c39e2			CMPQ DX, R12									
  window.go:230		0x5ffbcd		0f8378090000		JAE 0x60054b									
  window.go:230		0x5ffbd3		49f7f4			DIVQ R12									
  share.go:108		0x5ffbd6		4c89ca			MOVQ R9, DX									
  window.go:148		0x5ffbd9		4889c6			MOVQ AX, SI									
  type.go:80		0x5ffbdc		488b842468030000	MOVQ 0x368(SP), AX								
  decide.go:277		0x5ffbe4		90			NOPL										
  window.go:149		0x5ffbe5		4d85c0			TESTQ R8, R8									
  window.go:149		0x5ffbe8		4d89c1			MOVQ R8, R9									
  window.go:149		0x5ffbeb		4d0f4cc5		CMOVL R13, R8									
  window.go:149		0x5ffbef		4c01c6			ADDQ R8, SI									
  decide.go:258		0x5ffbf2		4d89e0			MOVQ R12, R8									
  window.go:149		0x5ffbf5		49bcffffffffffffff7f	MOVQ $0x7fffffffffffffff, R12							
  window.go:149		0x5ffbff		4939f4			CMPQ R12, SI									
  window.go:97		0x5ffc02		490f42f4		CMOVB R12, SI									
  window.go:148		0x5ffc06		4c8ba424c0010000	MOVQ 0x1c0(SP), R12								
  window.go:148		0x5ffc0e		4d85e4			TESTQ R12, R12									
  window.go:148		0x5ffc11		4d0f4ce5		CMOVL R13, R12									
  window.go:235		0x5ffc15		4c8bac24a0000000	MOVQ 0xa0(SP), R13								
  window.go:235		0x5ffc1d		4d85ed			TESTQ R13, R13									
  window.go:235		0x5ffc20		4d0f4cef		CMOVL R15, R13									
  window.go:235		0x5ffc24		4d39eb			CMPQ R11, R13									
  window.go:148		0x5ffc27		4d0f4ceb		CMOVL R11, R13									
  window.go:148		0x5ffc2b		4d29eb			SUBQ R13, R11									
  window.go:226		0x5ffc2e		4c8bac2428020000	MOVQ 0x228(SP), R13								
  window.go:226		0x5ffc36		4d39dd			CMPQ R13, R11									
  window.go:149		0x5ffc39		742c			JE 0x5ffc67									
  window.go:229		0x5ffc3b		4c89d8			MOVQ R11, AX									
  decide.go:258		0x5ffc3e		4989d3			MOVQ DX, R11									
  window.go:229		0x5ffc41		49f7e4			MULQ R12									
  window.go:230		0x5ffc44		4d85ed			TESTQ R13, R13									
  window.go:230		0x5ffc47		0f84f9080000		JE 0x600546									
  window.go:230		0x5ffc4d		4c39ea			CMPQ DX, R13									
  window.go:230		0x5ffc50		0f83eb080000		JAE 0x600541									
  window.go:230		0x5ffc56		49f7f5			DIVQ R13									
  share.go:108		0x5ffc59		4c89da			MOVQ R11, DX									
  window.go:148		0x5ffc5c		4989c4			MOVQ AX, R12									
  type.go:80		0x5ffc5f		488b842468030000	MOVQ 0x368(SP), AX								
  decide.go:275		0x5ffc67		4c899424c8010000	MOVQ R10, 0x1c8(SP)								
  decide.go:278		0x5ffc6f		4989fb			MOVQ DI, R11									
  decide.go:278		0x5ffc72		4829f7			SUBQ SI, DI									
  decide.go:278		0x5ffc75		4889bc2430020000	MOVQ DI, 0x230(SP)								
  decide.go:278		0x5ffc7d		4885ff			TESTQ DI, DI									
  decide.go:278		0x5ffc80		41bf00000000		MOVL $0x0, R15									
  decide.go:278		0x5ffc86		490f4cff		CMOVL R15, DI									
  decide.go:278		0x5ffc8a		4c8bac2468020000	MOVQ 0x268(SP), R13								
  decide.go:278		0x5ffc92		4c29ef			SUBQ R13, DI									
  window.go:149		0x5ffc95		4d85d2			TESTQ R10, R10									
  window.go:149		0x5ffc98		4d0f4cd7		CMOVL R15, R10									
  window.go:149		0x5ffc9c		4d01d4			ADDQ R10, R12									
  decide.go:258		0x5ffc9f		4989d2			MOVQ DX, R10									
  window.go:149		0x5ffca2		48baffffffffffffff7f	MOVQ $0x7fffffffffffffff, DX							
  window.go:149		0x5ffcac		4c39e2			CMPQ DX, R12									
  window.go:97		0x5ffcaf		4c0f42e2		CMOVB DX, R12									
  decide.go:278		0x5ffcb3		488b942448020000	MOVQ 0x248(SP), DX								
  decide.go:278		0x5ffcbb		4c29e2			SUBQ R12, DX									
  decide.go:278		0x5ffcbe		4889942418020000	MOVQ DX, 0x218(SP)								
  decide.go:278		0x5ffcc6		4885d2			TESTQ DX, DX									
  decide.go:278		0x5ffcc9		490f4cd7		CMOVL R15, DX									
  decide.go:278		0x5ffccd		4c29ea			SUBQ R13, DX									
  decide.go:280		0x5ffcd0		440fb67c2473		MOVZX 0x73(SP), R15								
  decide.go:280		0x5ffcd6		41f6c740		TESTL $0x40, R15								
  window.go:149		0x5ffcda		741c			JE 0x5ffcf8									
  type.go:80		0x5ffcdc		448bb878010000		MOVL 0x178(AX), R15								
  writers.go:80		0x5ffce3		4585ff			TESTL R15, R15									
  writers.go:80		0x5ffce6		740b			JE 0x5ffcf3									
  writers.go:80		0x5ffce8		440fb67820		MOVZX 0x20(AX), R15								
  writers.go:80		0x5ffced		4183f701		XORL $0x1, R15									
  writers.go:80		0x5ffcf1		eb08			JMP 0x5ffcfb									
  writers.go:80		0x5ffcf3		4531ff			XORL R15, R15									
  writers.go:80		0x5ffcf6		eb03			JMP 0x5ffcfb									
  writers.go:80		0x5ffcf8		4531ff			XORL R15, R15									
  decide.go:278		0x5ffcfb		4889bc2408010000	MOVQ DI, 0x108(SP)								
  decide.go:278		0x5ffd03		4889942400010000	MOVQ DX, 0x100(SP)								
  decide.go:280		0x5ffd0b		4584ff			TESTL R15, R15									
  decide.go:280		0x5ffd0e		0f84b8020000		JE 0x5fffcc									
  decide.go:274		0x5ffd14		4c898c2410020000	MOVQ R9, 0x210(SP)								
  share.go:107		0x5ffd1c		440fb67b24		MOVZX 0x24(BX), R15								
  share.go:107		0x5ffd21		440fb64b25		MOVZX 0x25(BX), R9								
  share.go:107		0x5ffd26		4d01f9			ADDQ R15, R9									
  share.go:108		0x5ffd29		4d85d2			TESTQ R10, R10									
  share.go:108		0x5ffd2c		7e0b			JLE 0x5ffd39									
  share.go:108		0x5ffd2e		4983f908		CMPQ R9, $0x8									
  share.go:108		0x5ffd32		7c05			JL 0x5ffd39									
  share.go:108		0x5ffd34		4d39cf			CMPQ R15, R9									
  share.go:108		0x5ffd37		7505			JNE 0x5ffd3e									
  decide.go:258		0x5ffd39		4d89d1			MOVQ R10, R9									
  decide.go:281		0x5ffd3c		eb2c			JMP 0x5ffd6a									
  share.go:111		0x5ffd3e		4d0faffa		IMULQ R10, R15									
  decide.go:581		0x5ffd42		4c89f8			MOVQ R15, AX									
  decide.go:278		0x5ffd45		4989d7			MOVQ DX, R15									
  decide.go:581		0x5ffd48		31d2			XORL DX, DX									
  decide.go:581		0x5ffd4a		49f7f1			DIVQ R9										
  decide.go:581		0x5ffd4d		4885d2			TESTQ DX, DX									
  decide.go:581		0x5ffd50		0f95c2			SETNE DL									
  share.go:111		0x5ffd53		0fb6d2			MOVZX DL, DX									
  share.go:111		0x5ffd56		4801c2			ADDQ AX, DX									
  type.go:80		0x5ffd59		488b842468030000	MOVQ 0x368(SP), AX								
  decide.go:281		0x5ffd61		4d89d1			MOVQ R10, R9									
  decide.go:281		0x5ffd64		4989d2			MOVQ DX, R10									
  decide.go:287		0x5ffd67		4c89fa			MOVQ R15, DX									
  decide.go:281		0x5ffd6a		4d39ca			CMPQ R10, R9									
  decide.go:281		0x5ffd6d		7420			JE 0x5ffd8f									
  decide.go:315		0x5ffd6f		488bb424b8000000	MOVQ 0xb8(SP), SI								
  decide.go:315		0x5ffd77		4c8b8c24f8020000	MOVQ 0x2f8(SP), R9								
  decide.go:315		0x5ffd7f		4c8ba424e0020000	MOVQ 0x2e0(SP), R12								
  decide.go:315		0x5ffd87		4d89ef			MOVQ R13, R15									
  decide.go:282		0x5ffd8a		e944070000		JMP 0x6004d3									
  window.go:97		0x5ffd8f		4889b42420020000	MOVQ SI, 0x220(SP)								
  window.go:97		0x5ffd97		4c89a42408020000	MOVQ R12, 0x208(SP)								
  writers.go:87		0x5ffd9f		440fb6511f		MOVZX 0x1f(CX), R10								
  writers.go:87		0x5ffda4		4589d7			MOVL R10, R15									
  writers.go:87		0x5ffda7		4183e27f		ANDL $0x7f, R10									
  writers.go:88		0x5ffdab		4180ff80		CMPL R15, $0x80									
  writers.go:88		0x5ffdaf		7211			JB 0x5ffdc2									
  type.go:80		0x5ffdb1		448bb878010000		MOVL 0x178(AX), R15								
  writers.go:89		0x5ffdb8		4d63ff			MOVSXD R15, R15									
  writers.go:89		0x5ffdbb		4d39d7			CMPQ R15, R10									
  writers.go:89		0x5ffdbe		4d0f4fd7		CMOVG R15, R10									
  decide.go:284		0x5ffdc2		4c899424c8000000	MOVQ R10, 0xc8(SP)								
  decide.go:285		0x5ffdca		488d90b0000000		LEAQ 0xb0(AX), DX								
  decide.go:285		0x5ffdd1		4889942428030000	MOVQ DX, 0x328(SP)								
  decide.go:285		0x5ffdd9		4889d8			MOVQ BX, AX									
  decide.go:285		0x5ffddc		4889cb			MOVQ CX, BX									
  decide.go:285		0x5ffddf		4889d1			MOVQ DX, CX									
  decide.go:285		0x5ffde2		31ff			XORL DI, DI									
  decide.go:285		0x5ffde4		e8b7a90000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.entry.hotCounter(SB)	
  decide.go:285		0x5ffde9		488d9424b0020000	LEAQ 0x2b0(SP), DX								
  decide.go:285		0x5ffdf1		4889e6			MOVQ SP, SI									
  decide.go:285		0x5ffdf4		440f1036		MOVUPS 0(SI), X14								
  decide.go:285		0x5ffdf8		440f1132		MOVUPS X14, 0(DX)								
  decide.go:285		0x5ffdfc		440f107610		MOVUPS 0x10(SI), X14								
  decide.go:285		0x5ffe01		440f117210		MOVUPS X14, 0x10(DX)								
  decide.go:285		0x5ffe06		440f107620		MOVUPS 0x20(SI), X14								
  decide.go:285		0x5ffe0b		440f117220		MOVUPS X14, 0x20(DX)								
  decide.go:285		0x5ffe10		488b842400030000	MOVQ 0x300(SP), AX								
  decide.go:285		0x5ffe18		488b9c2408030000	MOVQ 0x308(SP), BX								
  decide.go:285		0x5ffe20		488b8c2428030000	MOVQ 0x328(SP), CX								
  decide.go:285		0x5ffe28		bf01000000		MOVL $0x1, DI									
  decide.go:285		0x5ffe2d		e86ea90000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.entry.hotCounter(SB)	
  decide.go:285		0x5ffe32		488d942480020000	LEAQ 0x280(SP), DX								
  decide.go:285		0x5ffe3a		4889e6			MOVQ SP, SI									
  decide.go:285		0x5ffe3d		440f1036		MOVUPS 0(SI), X14								
  decide.go:285		0x5ffe41		440f1132		MOVUPS X14, 0(DX)								
  decide.go:285		0x5ffe45		440f107610		MOVUPS 0x10(SI), X14								
  decide.go:285		0x5ffe4a		440f117210		MOVUPS X14, 0x10(DX)								
  decide.go:285		0x5ffe4f		440f107620		MOVUPS 0x20(SI), X14								
  decide.go:285		0x5ffe54		440f117220		MOVUPS X14, 0x20(DX)								
  decide.go:285		0x5ffe59		488d842468010000	LEAQ 0x168(SP), AX								
  decide.go:285		0x5ffe61		4c8d8424b0020000	LEAQ 0x2b0(SP), R8								
  decide.go:285		0x5ffe69		450f1030		MOVUPS 0(R8), X14								
  decide.go:285		0x5ffe6d		440f1130		MOVUPS X14, 0(AX)								
  decide.go:285		0x5ffe71		450f107010		MOVUPS 0x10(R8), X14								
  decide.go:285		0x5ffe76		440f117010		MOVUPS X14, 0x10(AX)								
  decide.go:285		0x5ffe7b		450f107020		MOVUPS 0x20(R8), X14								
  decide.go:285		0x5ffe80		440f117020		MOVUPS X14, 0x20(AX)								
  decide.go:285		0x5ffe85		4c8d842438010000	LEAQ 0x138(SP), R8								
  decide.go:285		0x5ffe8d		440f1032		MOVUPS 0(DX), X14								
  decide.go:285		0x5ffe91		450f1130		MOVUPS X14, 0(R8)								
  decide.go:285		0x5ffe95		440f107210		MOVUPS 0x10(DX), X14								
  decide.go:285		0x5ffe9a		450f117010		MOVUPS X14, 0x10(R8)								
  decide.go:285		0x5ffe9f		440f107220		MOVUPS 0x20(DX), X14								
  decide.go:285		0x5ffea4		450f117020		MOVUPS X14, 0x20(R8)								
  writers.go:91		0x5ffea9		4c8b8424c8000000	MOVQ 0xc8(SP), R8								
  writers.go:91		0x5ffeb1		4d85c0			TESTQ R8, R8									
  decide.go:284		0x5ffeb4		ba01000000		MOVL $0x1, DX									
  decide.go:284		0x5ffeb9		4c0f4ec2		CMOVLE DX, R8									
  decide.go:284		0x5ffebd		4c898424c0000000	MOVQ R8, 0xc0(SP)								
  decide.go:286		0x5ffec5		488b9c2450020000	MOVQ 0x250(SP), BX								
  decide.go:286		0x5ffecd		488b8c2440020000	MOVQ 0x240(SP), CX								
  decide.go:286		0x5ffed5		488bbc24a8000000	MOVQ 0xa8(SP), DI								
  decide.go:286		0x5ffedd		4c8b8c2468020000	MOVQ 0x268(SP), R9								
  decide.go:286		0x5ffee5		488bb42420020000	MOVQ 0x220(SP), SI								
  decide.go:286		0x5ffeed		e88eac0000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.shareRoomAt(SB)		
  decide.go:286		0x5ffef2		4889842400020000	MOVQ AX, 0x200(SP)								
  decide.go:287		0x5ffefa		488d842438010000	LEAQ 0x138(SP), AX								
  decide.go:287		0x5fff02		488b9c2448020000	MOVQ 0x248(SP), BX								
  decide.go:287		0x5fff0a		488b8c2428020000	MOVQ 0x228(SP), CX								
  decide.go:287		0x5fff12		488bbc24a0000000	MOVQ 0xa0(SP), DI								
  decide.go:287		0x5fff1a		488bb42408020000	MOVQ 0x208(SP), SI								
  decide.go:287		0x5fff22		4c8b8424c0000000	MOVQ 0xc0(SP), R8								
  decide.go:287		0x5fff2a		4c8b8c2468020000	MOVQ 0x268(SP), R9								
  decide.go:287		0x5fff32		e849ac0000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.shareRoomAt(SB)		
  decide.go:286		0x5fff37		488b942400020000	MOVQ 0x200(SP), DX								
  decide.go:286		0x5fff3f		4c8b942468020000	MOVQ 0x268(SP), R10								
  decide.go:286		0x5fff47		4c29d2			SUBQ R10, DX									
  decide.go:287		0x5fff4a		4c29d0			SUBQ R10, AX									
  decide.go:286		0x5fff4d		488bbc2408010000	MOVQ 0x108(SP), DI								
  decide.go:286		0x5fff55		4839fa			CMPQ DX, DI									
  decide.go:287		0x5fff58		4889fe			MOVQ DI, SI									
  decide.go:287		0x5fff5b		480f4cf2		CMOVL DX, SI									
  decide.go:287		0x5fff5f		488b942400010000	MOVQ 0x100(SP), DX								
  decide.go:287		0x5fff67		4839d0			CMPQ AX, DX									
  decide.go:287		0x5fff6a		4989d0			MOVQ DX, R8									
  decide.go:287		0x5fff6d		4c0f4cc0		CMOVL AX, R8									
  decide.go:315		0x5fff71		488b842468030000	MOVQ 0x368(SP), AX								
  decide.go:315		0x5fff79		488b8c2408030000	MOVQ 0x308(SP), CX								
  decide.go:295		0x5fff81		488b9c2400030000	MOVQ 0x300(SP), BX								
  decide.go:294		0x5fff89		4c8b8c2410020000	MOVQ 0x210(SP), R9								
  decide.go:306		0x5fff91		4c8b942458020000	MOVQ 0x258(SP), R10								
  decide.go:294		0x5fff99		4c8b9c2450020000	MOVQ 0x250(SP), R11								
  decide.go:294		0x5fffa1		4c8ba42408020000	MOVQ 0x208(SP), R12								
  decide.go:294		0x5fffa9		4c8bac2468020000	MOVQ 0x268(SP), R13								
  decide.go:571		0x5fffb1		4989ff			MOVQ DI, R15									
  decide.go:290		0x5fffb4		4889f7			MOVQ SI, DI									
  decide.go:290		0x5fffb7		4c89c2			MOVQ R8, DX									
  decide.go:294		0x5fffba		488bb42420020000	MOVQ 0x220(SP), SI								
  decide.go:294		0x5fffc2		4c8b842440020000	MOVQ 0x240(SP), R8								
  writers.go:91		0x5fffca		eb03			JMP 0x5fffcf									
  decide.go:278		0x5fffcc		4989ff			MOVQ DI, R15									
  decide.go:291		0x5fffcf		4839fa			CMPQ DX, DI									
  decide.go:294		0x5fffd2		4c8bbc24a8000000	MOVQ 0xa8(SP), R15								
  decide.go:294		0x5fffda		4c8bac24a0000000	MOVQ 0xa0(SP), R13								
  decide.go:294		0x5fffe2		4d0f4cfd		CMOVL R13, R15									
  decide.go:294		0x5fffe6		4c89bc24a0010000	MOVQ R15, 0x1a0(SP)								
  decide.go:294		0x5fffee		4989fd			MOVQ DI, R13									
  decide.go:294		0x5ffff1		480f4cfa		CMOVL DX, DI									
  decide.go:294		0x5ffff5		490f4cf4		CMOVL R12, SI									
  decide.go:294		0x5ffff9		4c8ba42428020000	MOVQ 0x228(SP), R12								
  decide.go:294		0x600001		4d0f4cc4		CMOVL R12, R8									
  decide.go:294		0x600005		4c8ba42448020000	MOVQ 0x248(SP), R12								
  decide.go:294		0x60000d		4d0f4cdc		CMOVL R12, R11									
  decide.go:294		0x600011		4c8bbc2438020000	MOVQ 0x238(SP), R15								
  decide.go:294		0x600019		4c8ba424c0010000	MOVQ 0x1c0(SP), R12								
  decide.go:294		0x600021		4d0f4cfc		CMOVL R12, R15									
  decide.go:294		0x600025		4c8ba424c8010000	MOVQ 0x1c8(SP), R12								
  decide.go:294		0x60002d		4d0f4ccc		CMOVL R12, R9									
  decide.go:294		0x600031		4d85ed			TESTQ R13, R13									
  decide.go:291		0x600034		0f8c24040000		JL 0x60045e									
  decide.go:294		0x60003a		4c8ba42468020000	MOVQ 0x268(SP), R12								
  decide.go:294		0x600042		4c8bac2430020000	MOVQ 0x230(SP), R13								
  decide.go:294		0x60004a		4d39ec			CMPQ R12, R13									
  decide.go:294		0x60004d		0f8f13040000		JG 0x600466									
  decide.go:294		0x600053		4885d2			TESTQ DX, DX									
  decide.go:294		0x600056		0f8c0a040000		JL 0x600466									
  decide.go:294		0x60005c		488b942418020000	MOVQ 0x218(SP), DX								
  decide.go:294		0x600064		4939d4			CMPQ R12, DX									
  decide.go:294		0x600067		0f8ff9030000		JG 0x600466									
  decide.go:294		0x60006d		48baffffffffffffff7f	MOVQ $0x7fffffffffffffff, DX							
  decide.go:294		0x600077		660f1f840000000000	NOPW 0(AX)(AX*1)								
  decide.go:294		0x600080		4839fa			CMPQ DX, DI									
  decide.go:294		0x600083		0f8edd030000		JLE 0x600466									
  decide.go:294		0x600089		4c898424f0000000	MOVQ R8, 0xf0(SP)								
  decide.go:294		0x600091		4c899c24f8000000	MOVQ R11, 0xf8(SP)								
  decide.go:294		0x600099		4c898c24b0010000	MOVQ R9, 0x1b0(SP)								
  decide.go:294		0x6000a1		4c89bc24a8010000	MOVQ R15, 0x1a8(SP)								
  decide.go:295		0x6000a9		0fb6531e		MOVZX 0x1e(BX), DX								
  decide.go:295		0x6000ad		f6c280			TESTL $0x80, DL									
  decide.go:295		0x6000b0		0f849a000000		JE 0x600150									
  decide.go:294		0x6000b6		4889b424d8000000	MOVQ SI, 0xd8(SP)								
  decide.go:294		0x6000be		4889bc2420010000	MOVQ DI, 0x120(SP)								
  decide.go:296		0x6000c6		488b942470030000	MOVQ 0x370(SP), DX								
  decide.go:296		0x6000ce		4883c238		ADDQ $0x38, DX									
  decide.go:296		0x6000d2		bf02000000		MOVL $0x2, DI									
  decide.go:296		0x6000d7		488bb424b8000000	MOVQ 0xb8(SP), SI								
  decide.go:296		0x6000df		4989c0			MOVQ AX, R8									
  decide.go:296		0x6000e2		4889d8			MOVQ BX, AX									
  decide.go:296		0x6000e5		4889cb			MOVQ CX, BX									
  decide.go:296		0x6000e8		4889d1			MOVQ DX, CX									
  decide.go:296		0x6000eb		e8d0160000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.entry.reserveRest(SB)	
  decide.go:296		0x6000f0		84c0			TESTL AL, AL									
  decide.go:296		0x6000f2		0f842c030000		JE 0x600424									
  decide.go:300		0x6000f8		488b842468030000	MOVQ 0x368(SP), AX								
  decide.go:303		0x600100		488b8c2408030000	MOVQ 0x308(SP), CX								
  entry.go:326		0x600108		488b9c2400030000	MOVQ 0x300(SP), BX								
  decide.go:301		0x600110		488bb424d8000000	MOVQ 0xd8(SP), SI								
  decide.go:301		0x600118		488bbc2420010000	MOVQ 0x120(SP), DI								
  decide.go:301		0x600120		4c8b8424f0000000	MOVQ 0xf0(SP), R8								
  decide.go:307		0x600128		4c8b8c24b0010000	MOVQ 0x1b0(SP), R9								
  decide.go:306		0x600130		4c8b942458020000	MOVQ 0x258(SP), R10								
  decide.go:301		0x600138		4c8b9c24f8000000	MOVQ 0xf8(SP), R11								
  decide.go:301		0x600140		4c8ba42468020000	MOVQ 0x268(SP), R12								
  window.go:199		0x600148		4c8bbc24a8010000	MOVQ 0x1a8(SP), R15								
  decide.go:568		0x600150		488b942450020000	MOVQ 0x250(SP), DX								
  decide.go:568		0x600158		4885d2			TESTQ DX, DX									
  decide.go:568		0x60015b		7f0a			JG 0x600167									
  decide.go:568		0x60015d		ba01000000		MOVL $0x1, DX									
  decide.go:300		0x600162		e92c010000		JMP 0x600293									
  decide.go:300		0x600167		440fb6a8a8000000	MOVZX 0xa8(AX), R13								
  decide.go:294		0x60016f		4c89f8			MOVQ R15, AX									
  decide.go:571		0x600172		4c8bbc2408010000	MOVQ 0x108(SP), R15								
  decide.go:571		0x60017a		4d85ff			TESTQ R15, R15									
  decide.go:571		0x60017d		41b900000000		MOVL $0x0, R9									
  decide.go:571		0x600183		4d0f4cf9		CMOVL R9, R15									
  decide.go:571		0x600187		4c39fa			CMPQ DX, R15									
  decide.go:571		0x60018a		4c0f4cfa		CMOVL DX, R15									
  decide.go:571		0x60018e		4c29fa			SUBQ R15, DX									
  decide.go:572		0x600191		4c8bbc2450020000	MOVQ 0x250(SP), R15								
  decide.go:572		0x600199		49baae47e17a14ae4701	MOVQ $0x147ae147ae147ae, R10							
  decide.go:572		0x6001a3		4d39d7			CMPQ R15, R10									
  decide.go:571		0x6001a6		7d10			JGE 0x6001b8									
  decide.go:573		0x6001a8		486bd264		IMULQ $0x64, DX, DX								
  decide.go:573		0x6001ac		4d0faffd		IMULQ R13, R15									
  decide.go:573		0x6001b0		4c39fa			CMPQ DX, R15									
  decide.go:573		0x6001b3		0f9dc2			SETGE DL									
  decide.go:300		0x6001b6		eb37			JMP 0x6001ef									
  decide.go:571		0x6001b8		48899424d0000000	MOVQ DX, 0xd0(SP)								
  decide.go:575		0x6001c0		48b80bd7a3703d0ad7a3	MOVQ $0xa3d70a3d70a3d70b, AX							
  decide.go:575		0x6001ca		49f7e7			MULQ R15									
  decide.go:575		0x6001cd		48c1ea06		SHRQ $0x6, DX									
  decide.go:575		0x6001d1		488b8424d0000000	MOVQ 0xd0(SP), AX								
  decide.go:575		0x6001d9		4989d7			MOVQ DX, R15									
  decide.go:575		0x6001dc		31d2			XORL DX, DX									
  decide.go:575		0x6001de		49f7f7			DIVQ R15									
  decide.go:575		0x6001e1		4c39e8			CMPQ AX, R13									
  decide.go:575		0x6001e4		0f9dc2			SETGE DL									
  window.go:199		0x6001e7		488b8424a8010000	MOVQ 0x1a8(SP), AX								
  decide.go:300		0x6001ef		84d2			TESTL DL, DL									
  decide.go:300		0x6001f1		741d			JE 0x600210									
  decide.go:307		0x6001f3		4c8b8c24b0010000	MOVQ 0x1b0(SP), R9								
  decide.go:306		0x6001fb		4c8b942458020000	MOVQ 0x258(SP), R10								
  window.go:199		0x600203		4989c7			MOVQ AX, R15									
  window.go:199		0x600206		ba01000000		MOVL $0x1, DX									
  decide.go:300		0x60020b		e983000000		JMP 0x600293									
  decide.go:568		0x600210		488b942448020000	MOVQ 0x248(SP), DX								
  decide.go:568		0x600218		4885d2			TESTQ DX, DX									
  decide.go:568		0x60021b		7f07			JG 0x600224									
  decide.go:568		0x60021d		ba01000000		MOVL $0x1, DX									
  decide.go:300		0x600222		eb5c			JMP 0x600280									
  decide.go:571		0x600224		4c8bbc2400010000	MOVQ 0x100(SP), R15								
  decide.go:571		0x60022c		4d85ff			TESTQ R15, R15									
  decide.go:571		0x60022f		4d0f4cf9		CMOVL R9, R15									
  decide.go:571		0x600233		4c39fa			CMPQ DX, R15									
  decide.go:571		0x600236		4c0f4cfa		CMOVL DX, R15									
  decide.go:571		0x60023a		4989d1			MOVQ DX, R9									
  decide.go:571		0x60023d		4c29fa			SUBQ R15, DX									
  decide.go:572		0x600240		4d39d1			CMPQ R9, R10									
  decide.go:571		0x600243		7d10			JGE 0x600255									
  decide.go:573		0x600245		486bd264		IMULQ $0x64, DX, DX								
  decide.go:573		0x600249		4d0fafe9		IMULQ R9, R13									
  decide.go:573		0x60024d		4c39ea			CMPQ DX, R13									
  decide.go:573		0x600250		0f9dc2			SETGE DL									
  decide.go:300		0x600253		eb2b			JMP 0x600280									
  decide.go:294		0x600255		4989c2			MOVQ AX, R10									
  decide.go:575		0x600258		48b80bd7a3703d0ad7a3	MOVQ $0xa3d70a3d70a3d70b, AX							
  decide.go:571		0x600262		4989d7			MOVQ DX, R15									
  decide.go:575		0x600265		49f7e1			MULQ R9										
  decide.go:575		0x600268		48c1ea06		SHRQ $0x6, DX									
  decide.go:575		0x60026c		4c89f8			MOVQ R15, AX									
  decide.go:575		0x60026f		4989d1			MOVQ DX, R9									
  decide.go:575		0x600272		31d2			XORL DX, DX									
  decide.go:575		0x600274		49f7f1			DIVQ R9										
  decide.go:575		0x600277		4c39e8			CMPQ AX, R13									
  decide.go:575		0x60027a		0f9dc2			SETGE DL									
  window.go:199		0x60027d		4c89d0			MOVQ R10, AX									
  decide.go:307		0x600280		4c8b8c24b0010000	MOVQ 0x1b0(SP), R9								
  decide.go:306		0x600288		4c8b942458020000	MOVQ 0x258(SP), R10								
  window.go:199		0x600290		4989c7			MOVQ AX, R15									
  decide.go:300		0x600293		84d2			TESTL DL, DL									
  entry.go:325		0x600295		740c			JE 0x6002a3									
  entry.go:326		0x600297		0fb6531e		MOVZX 0x1e(BX), DX								
  entry.go:326		0x60029b		83ca08			ORL $0x8, DX									
  entry.go:326		0x60029e		88531e			MOVB DL, 0x1e(BX)								
  entry.go:326		0x6002a1		eb0a			JMP 0x6002ad									
  entry.go:328		0x6002a3		0fb6531e		MOVZX 0x1e(BX), DX								
  entry.go:328		0x6002a7		83e2f7			ANDL $-0x9, DX									
  entry.go:328		0x6002aa		88531e			MOVB DL, 0x1e(BX)								
  decide.go:301		0x6002ad		488b942470030000	MOVQ 0x370(SP), DX								
  decide.go:301		0x6002b5		66c7020101		MOVW $0x101, 0(DX)								
  decide.go:301		0x6002ba		4c895a08		MOVQ R11, 0x8(DX)								
  decide.go:301		0x6002be		4c894210		MOVQ R8, 0x10(DX)								
  decide.go:301		0x6002c2		48897a18		MOVQ DI, 0x18(DX)								
  decide.go:301		0x6002c6		4c01e6			ADDQ R12, SI									
  decide.go:301		0x6002c9		48897220		MOVQ SI, 0x20(DX)								
  decide.go:306		0x6002cd		4b8d3422		LEAQ 0(R10)(R12*1), SI								
  window.go:235		0x6002d1		4c8bac24a0010000	MOVQ 0x1a0(SP), R13								
  window.go:235		0x6002d9		4d85ed			TESTQ R13, R13									
  window.go:235		0x6002dc		41bf00000000		MOVL $0x0, R15									
  window.go:235		0x6002e2		4d0f4cef		CMOVL R15, R13									
  window.go:235		0x6002e6		4d39c5			CMPQ R13, R8									
  window.go:195		0x6002e9		4d0f4fe8		CMOVG R8, R13									
  window.go:195		0x6002ed		4c89ac2498010000	MOVQ R13, 0x198(SP)								
  decide.go:303		0x6002f5		833d946c570000		CMPL runtime.writeBarrier(SB), $0x0						
  decide.go:303		0x6002fc		7438			JE 0x600336									
  decide.go:303		0x6002fe		4c8b7a40		MOVQ 0x40(DX), R15								
  decide.go:303		0x600302		488b7a48		MOVQ 0x48(DX), DI								
  decide.go:303		0x600306		4c8b6a38		MOVQ 0x38(DX), R13								
  decide.go:303		0x60030a		e8f11ce9ff		CALL runtime.gcWriteBarrier6(SB)						
  decide.go:303		0x60030f		49891b			MOVQ BX, 0(R11)									
  decide.go:303		0x600312		4d896b08		MOVQ R13, 0x8(R11)								
  decide.go:303		0x600316		49894b10		MOVQ CX, 0x10(R11)								
  decide.go:303		0x60031a		4d897b18		MOVQ R15, 0x18(R11)								
  decide.go:303		0x60031e		4c8bac24e8020000	MOVQ 0x2e8(SP), R13								
  decide.go:303		0x600326		4d896b20		MOVQ R13, 0x20(R11)								
  decide.go:303		0x60032a		49897b28		MOVQ DI, 0x28(R11)								
  decide.go:307		0x60032e		4c8b9c24f8000000	MOVQ 0xf8(SP), R11								
  decide.go:303		0x600336		48895a38		MOVQ BX, 0x38(DX)								
  decide.go:303		0x60033a		48894a40		MOVQ CX, 0x40(DX)								
  decide.go:303		0x60033e		4c8b8c24e8020000	MOVQ 0x2e8(SP), R9								
  decide.go:303		0x600346		4c894a48		MOVQ R9, 0x48(DX)								
  decide.go:303		0x60034a		4c896250		MOVQ R12, 0x50(DX)								
  decide.go:304		0x60034e		448b4c247c		MOVL 0x7c(SP), R9								
  decide.go:304		0x600353		44894a58		MOVL R9, 0x58(DX)								
  decide.go:304		0x600357		4c8b8c2460020000	MOVQ 0x260(SP), R9								
  decide.go:304		0x60035f		4c894a68		MOVQ R9, 0x68(DX)								
  decide.go:305		0x600363		4c8b8c24f0020000	MOVQ 0x2f0(SP), R9								
  decide.go:305		0x60036b		458b4904		MOVL 0x4(R9), R9								
  decide.go:305		0x60036f		44894a5c		MOVL R9, 0x5c(DX)								
  decide.go:305		0x600373		4c8b8c24b8010000	MOVQ 0x1b8(SP), R9								
  decide.go:305		0x60037b		4c894a70		MOVQ R9, 0x70(DX)								
  decide.go:306		0x60037f		6689731c		MOVW SI, 0x1c(BX)								
  decide.go:307		0x600383		4889d8			MOVQ BX, AX									
  decide.go:307		0x600386		4889f3			MOVQ SI, BX									
  decide.go:307		0x600389		4c89d9			MOVQ R11, CX									
  decide.go:307		0x60038c		4c89c7			MOVQ R8, DI									
  decide.go:307		0x60038f		e88c150000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*hotLine).weigh(SB)	
  decide.go:307		0x600394		488b942458020000	MOVQ 0x258(SP), DX								
  decide.go:307		0x60039c		4829d0			SUBQ DX, AX									
  decide.go:307		0x60039f		488b9424b0010000	MOVQ 0x1b0(SP), DX								
  decide.go:307		0x6003a7		4801c2			ADDQ AX, DX									
  window.go:197		0x6003aa		4885d2			TESTQ DX, DX									
  window.go:235		0x6003ad		7e18			JLE 0x6003c7									
  window.go:198		0x6003af		488b8c24f0000000	MOVQ 0xf0(SP), CX								
  window.go:198		0x6003b7		4801c9			ADDQ CX, CX									
  window.go:198		0x6003ba		488b942498010000	MOVQ 0x198(SP), DX								
  window.go:198		0x6003c2		4829d1			SUBQ DX, CX									
  window.go:103		0x6003c5		eb2c			JMP 0x6003f3									
  window.go:199		0x6003c7		488b8c24a8010000	MOVQ 0x1a8(SP), CX								
  window.go:199		0x6003cf		4885c9			TESTQ CX, CX									
  window.go:199		0x6003d2		7e1d			JLE 0x6003f1									
  window.go:199		0x6003d4		488b8c2498010000	MOVQ 0x198(SP), CX								
  window.go:199		0x6003dc		488b9424f0000000	MOVQ 0xf0(SP), DX								
  window.go:199		0x6003e4		4839d1			CMPQ CX, DX									
  window.go:199		0x6003e7		7d08			JGE 0x6003f1									
  window.go:200		0x6003e9		4829ca			SUBQ CX, DX									
  decide.go:308		0x6003ec		4889d1			MOVQ DX, CX									
  window.go:103		0x6003ef		eb02			JMP 0x6003f3									
  window.go:103		0x6003f1		31c9			XORL CX, CX									
  decide.go:308		0x6003f3		488b942470030000	MOVQ 0x370(SP), DX								
  decide.go:308		0x6003fb		48894a30		MOVQ CX, 0x30(DX)								
  decide.go:309		0x6003ff		90			NOPL										
  mutex.go:65		0x600400		90			NOPL										
  mutex.go:194		0x600401		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x600406		488b842400030000	MOVQ 0x300(SP), AX								
  mutex.go:194		0x60040e		f00fc118		LOCK XADDL BX, 0(AX)								
  mutex.go:194		0x600412		ffcb			DECL BX										
  mutex.go:195		0x600414		7405			JE 0x60041b									
  mutex.go:198		0x600416		e8a596e9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:310		0x60041b		4881c440030000		ADDQ $0x340, SP									
  decide.go:310		0x600422		5d			POPQ BP										
  decide.go:310		0x600423		c3			RET										
  decide.go:315		0x600424		488b842468030000	MOVQ 0x368(SP), AX								
  decide.go:315		0x60042c		488b8c2408030000	MOVQ 0x308(SP), CX								
  decide.go:315		0x600434		488b9c2400030000	MOVQ 0x300(SP), BX								
  decide.go:315		0x60043c		488bb424b8000000	MOVQ 0xb8(SP), SI								
  decide.go:315		0x600444		4c8b8c24f8020000	MOVQ 0x2f8(SP), R9								
  decide.go:315		0x60044c		4c8ba424e0020000	MOVQ 0x2e0(SP), R12								
  decide.go:315		0x600454		4c8bbc2468020000	MOVQ 0x268(SP), R15								
  decide.go:297		0x60045c		eb75			JMP 0x6004d3									
  decide.go:315		0x60045e		4c8ba42468020000	MOVQ 0x268(SP), R12								
  decide.go:315		0x600466		488bb424b8000000	MOVQ 0xb8(SP), SI								
  decide.go:315		0x60046e		4c8b8c24f8020000	MOVQ 0x2f8(SP), R9								
  decide.go:315		0x600476		4d89e7			MOVQ R12, R15									
  decide.go:315		0x600479		4c8ba424e0020000	MOVQ 0x2e0(SP), R12								
  decide.go:294		0x600481		eb50			JMP 0x6004d3									
  decide.go:315		0x600483		488b842468030000	MOVQ 0x368(SP), AX								
  decide.go:315		0x60048b		4c8bbc2468020000	MOVQ 0x268(SP), R15								
  decide.go:272		0x600493		eb3e			JMP 0x6004d3									
  decide.go:315		0x600495		4c8bbc2468020000	MOVQ 0x268(SP), R15								
  decide.go:272		0x60049d		eb34			JMP 0x6004d3									
  decide.go:315		0x60049f		488b842468030000	MOVQ 0x368(SP), AX								
  decide.go:315		0x6004a7		4c8bbc2468020000	MOVQ 0x268(SP), R15								
  decide.go:271		0x6004af		eb22			JMP 0x6004d3									
  decide.go:315		0x6004b1		4c8ba424e0020000	MOVQ 0x2e0(SP), R12								
  decide.go:315		0x6004b9		4c8bbc2468020000	MOVQ 0x268(SP), R15								
  decide.go:271		0x6004c1		eb10			JMP 0x6004d3									
  decide.go:315		0x6004c3		4c8ba424e0020000	MOVQ 0x2e0(SP), R12								
  decide.go:315		0x6004cb		4c8bbc2468020000	MOVQ 0x268(SP), R15								
  decide.go:315		0x6004d3		488b942450030000	MOVQ 0x350(SP), DX								
  decide.go:315		0x6004db		48891424		MOVQ DX, 0(SP)									
  decide.go:315		0x6004df		488b942458030000	MOVQ 0x358(SP), DX								
  decide.go:315		0x6004e7		4889542408		MOVQ DX, 0x8(SP)								
  decide.go:315		0x6004ec		488b942460030000	MOVQ 0x360(SP), DX								
  decide.go:315		0x6004f4		4889542410		MOVQ DX, 0x10(SP)								
  decide.go:315		0x6004f9		4889742418		MOVQ SI, 0x18(SP)								
  decide.go:315		0x6004fe		488b942470030000	MOVQ 0x370(SP), DX								
  decide.go:315		0x600506		4889542420		MOVQ DX, 0x20(SP)								
  decide.go:315		0x60050b		4889cf			MOVQ CX, DI									
  decide.go:315		0x60050e		4c89e6			MOVQ R12, SI									
  decide.go:315		0x600511		4c8b8424e0000000	MOVQ 0xe0(SP), R8								
  decide.go:315		0x600519		4d89fa			MOVQ R15, R10									
  decide.go:315		0x60051c		440fb69c24a8030000	MOVZX 0x3a8(SP), R11								
  decide.go:315		0x600525		4889d9			MOVQ BX, CX									
  decide.go:315		0x600528		4c89cb			MOVQ R9, BX									
  decide.go:315		0x60052b		4c8b8c24e8000000	MOVQ 0xe8(SP), R9								
  decide.go:315		0x600533		e8e8000000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).decideLocked(SB)	
  decide.go:316		0x600538		4881c440030000		ADDQ $0x340, SP									
  decide.go:316		0x60053f		5d			POPQ BP										
  decide.go:316		0x600540		c3			RET										
  window.go:230		0x600541		e81aefe4ff		CALL runtime.panicoverflow(SB)							
  window.go:230		0x600546		e8b5eee4ff		CALL runtime.panicdivide(SB)							
  window.go:230		0x60054b		e810efe4ff		CALL runtime.panicoverflow(SB)							
  window.go:230		0x600550		e8abeee4ff		CALL runtime.panicdivide(SB)							
  window.go:230		0x600555		e806efe4ff		CALL runtime.panicoverflow(SB)							
  window.go:230		0x60055a		e8a1eee4ff		CALL runtime.panicdivide(SB)							
  decide.go:159		0x60055f		90			NOPL										
  mutex.go:65		0x600560		90			NOPL										
  mutex.go:194		0x600561		b9ffffffff		MOVL $-0x1, CX									
  mutex.go:194		0x600566		f00fc10b		LOCK XADDL CX, 0(BX)								
  mutex.go:194		0x60056a		ffc9			DECL CX										
  mutex.go:195		0x60056c		7517			JNE 0x600585									
  decide.go:160		0x60056e		90			NOPL										
  decide.go:320		0x60056f		488d056a781700		LEAQ 0x17786a(IP), AX								
  decide.go:320		0x600576		488d1d634e2300		LEAQ 0x234e63(IP), BX								
  decide.go:320		0x60057d		0f1f00			NOPL 0(AX)									
  decide.go:320		0x600580		e89ba0e8ff		CALL runtime.gopanic(SB)							
  mutex.go:198		0x600585		4889d8			MOVQ BX, AX									
  mutex.go:198		0x600588		89cb			MOVL CX, BX									
  mutex.go:198		0x60058a		e83195e9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  mutex.go:198		0x60058f		ebdd			JMP 0x60056e									
  decide.go:132		0x600591		90			NOPL										
  decide.go:320		0x600592		488d0547781700		LEAQ 0x177847(IP), AX								
  decide.go:320		0x600599		488d1d404e2300		LEAQ 0x234e40(IP), BX								
  decide.go:320		0x6005a0		e87ba0e8ff		CALL runtime.gopanic(SB)							
  decide.go:320		0x6005a5		90			NOPL										
  decide.go:124		0x6005a6		4889442420		MOVQ AX, 0x20(SP)								
  decide.go:124		0x6005ab		48895c2428		MOVQ BX, 0x28(SP)								
  decide.go:124		0x6005b0		48894c2430		MOVQ CX, 0x30(SP)								
  decide.go:124		0x6005b5		48897c2438		MOVQ DI, 0x38(SP)								
  decide.go:124		0x6005ba		4889742440		MOVQ SI, 0x40(SP)								
  decide.go:124		0x6005bf		4c89442448		MOVQ R8, 0x48(SP)								
  decide.go:124		0x6005c4		4c894c2450		MOVQ R9, 0x50(SP)								
  decide.go:124		0x6005c9		4c89542458		MOVQ R10, 0x58(SP)								
  decide.go:124		0x6005ce		44885c2460		MOVB R11, 0x60(SP)								
  decide.go:124		0x6005d3		e8a8fee8ff		CALL runtime.morestack_noctxt.abi0(SB)						
  decide.go:124		0x6005d8		488b442420		MOVQ 0x20(SP), AX								
  decide.go:124		0x6005dd		488b5c2428		MOVQ 0x28(SP), BX								
  decide.go:124		0x6005e2		488b4c2430		MOVQ 0x30(SP), CX								
  decide.go:124		0x6005e7		488b7c2438		MOVQ 0x38(SP), DI								
  decide.go:124		0x6005ec		488b742440		MOVQ 0x40(SP), SI								
  decide.go:124		0x6005f1		4c8b442448		MOVQ 0x48(SP), R8								
  decide.go:124		0x6005f6		4c8b4c2450		MOVQ 0x50(SP), R9								
  decide.go:124		0x6005fb		4c8b542458		MOVQ 0x58(SP), R10								
  decide.go:124		0x600600		440fb65c2460		MOVZX 0x60(SP), R11								
  decide.go:124		0x600606		e955e5ffff		JMP github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).ReserveTiers(SB)	
